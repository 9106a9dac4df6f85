"""8xxx: the template evaluated as Heat would, with its inputs; then where Heat meets each finding."""

from . import evaluated, reach

# The units of this area, in the order they run within their phase.
UNITS = (evaluated, reach)
