"""4xxx: intrinsic function calls: names, arguments, references, where they may be written."""

from . import calls

# The units of this area, in the order they run within their phase.
UNITS = (calls,)
