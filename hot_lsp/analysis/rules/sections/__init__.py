"""1xxx: the top-level sections: their names, the version that has them, their shape."""

from . import sections

# The units of this area, in the order they run within their phase.
UNITS = (sections,)
