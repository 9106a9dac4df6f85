"""3xxx: resource definitions (keys, names, fields), their dependencies, their types, properties and the checks of the
types' own ``validate()``.
"""

from . import definitions, dependencies, types, validation

# The units of this area, in the order they run within their phase.
UNITS = (definitions, dependencies, types, validation)
