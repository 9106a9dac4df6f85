"""7xxx: environment files: sections, resource_registry, hooks, event sinks, parameters, and the merge of the environments given with a template."""

from . import environment_files, merge_errors

# The units of this area, in the order they run within their phase.
UNITS = (environment_files, merge_errors)
