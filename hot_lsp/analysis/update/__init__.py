"""What a stack update does to each resource, offline: the two versions of a stack read through a file source
(``sides``: the old one may come from a git revision), compared as Heat 27.0.1's real update compares them
(``procedure``: added, deleted, then each kept resource in dependency order; ``decide``: one resource through the
per-type rules of ``spec/update_rules``; ``compare``: resolved values, references by what they refer to).

Invariant: uses the one evaluator (``evaluation/``) and reads files only through the side's file source.
"""
