"""98xx: what updating the stack from the compared version to this text would do (the editor's what-if,
``hotLsp.whatIf.against``). The records only: the server compares the open text with a git revision or the
deployed stack (``analysis/update``) and places the outcomes itself; ``hot-lsp check`` never reports them."""

from . import what_if  # noqa: F401  (registers the codes)

# No rule unit: nothing of this area runs in the analysis's phases.
UNITS = ()
