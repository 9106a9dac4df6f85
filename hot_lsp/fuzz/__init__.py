"""Robustness tooling: drive the real ``hot-lsp`` process with mutated documents and random requests.

- :mod:`.text` counts LSP lines and characters, written apart from the server's own code so it can check it;
- :mod:`.client` is a small JSON-RPC client over the server's stdio, with exact control over timing;
- :mod:`.mutations` makes the edits people (and broken saves) make, as seeded incremental changes;
- :mod:`.requests` builds every request the server answers, at random positions;
- :mod:`.checks` says whether an answer or a publish breaks a promise (errors, ranges, versions);
- :mod:`.episode` is one seeded, reproducible session: open, edit, ask, close;
- :mod:`.hostile` is the catalogue of hostile documents and the diagnostic each must get;
- :mod:`.run` is ``hot-lsp fuzz``: episodes for a number of minutes, then a report.

The test suite runs short budgets of the same code (``tests/robustness``).
"""
