"""5xxx: the conditions section and the places that name a condition."""

from . import conditions

# The units of this area, in the order they run within their phase.
UNITS = (conditions,)
