"""99xx: what the user's cloud does not offer (only with ``hotLsp.cloud``)."""

from . import cloud_types

# The units of this area, in the order they run within their phase.
UNITS = (cloud_types,)
