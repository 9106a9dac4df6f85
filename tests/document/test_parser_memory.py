"""The YAML instance a thread reuses does not keep something per parse (a server parses on every keystroke)."""

from __future__ import annotations

import importlib

builder = importlib.import_module("hot_lsp.document.builder")
parse = importlib.import_module("hot_lsp.document.parse").parse


def test_parsing_again_and_again_keeps_nothing_per_parse():
    text = "parameters:\n" + "".join(f"  p{i}:\n    type: string\n" for i in range(50)) + "resources: {}\n"
    for _ in range(20):
        parse(text)
    assert len(builder._parser(pure=False).doc_infos) <= 1
