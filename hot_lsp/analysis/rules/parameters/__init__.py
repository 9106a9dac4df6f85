"""2xxx: parameter definitions, parameter_groups, and the constraints Heat reads with them (the constraints are read,
and checked, in ``analysis/evaluation/parameter_constraints``: the evaluation applies them too; their records are
here).
"""

from . import constraints, definitions, groups  # noqa: F401  (constraints: records only)

# The units of this area, in the order they run within their phase.
UNITS = (definitions, groups)
