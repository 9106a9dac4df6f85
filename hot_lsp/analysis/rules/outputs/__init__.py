"""6xxx: output definitions."""

from . import outputs

# The units of this area, in the order they run within their phase.
UNITS = (outputs,)
