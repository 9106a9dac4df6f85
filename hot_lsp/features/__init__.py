"""LSP features: one module per feature, each a thin function from a document snapshot and the request's
parameters to lsprotocol results. No parsing and no state here: the snapshot carries the analysis."""
