"""7xxx: environment files: sections, resource_registry, hooks, event sinks, parameters, and the merge of the environments given with a template."""

# given_root (E7019) is no unit: validate calls it before a given environment is read at all; imported here so
# its code is registered with the others (docs/rules.md, `hot-lsp rules`).
from . import environment_files, given_root, merge_errors  # noqa: F401

# The units of this area, in the order they run within their phase.
UNITS = (environment_files, merge_errors)
