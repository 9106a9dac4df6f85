"""7xxx: environment files: sections, resource_registry, hooks, event sinks, parameters."""

from . import environment_files

# The units of this area, in the order they run within their phase.
UNITS = (environment_files,)
