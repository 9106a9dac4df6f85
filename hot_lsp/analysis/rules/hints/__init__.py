"""9xxx: declarations nothing uses."""

from . import unused

# The units of this area, in the order they run within their phase.
UNITS = (unused,)
