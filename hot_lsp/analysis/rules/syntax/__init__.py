"""0xxx the parser reports: YAML that does not read, or reads otherwise than meant."""

from . import parser

# The units of this area, in the order they run within their phase.
UNITS = (parser,)
