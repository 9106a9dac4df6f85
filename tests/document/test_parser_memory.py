"""Parsing keeps nothing per parse, and leaves no garbage for the collector (a server parses on every keystroke)."""

from __future__ import annotations

import importlib

builder = importlib.import_module("hot_lsp.document.builder")
parse = importlib.import_module("hot_lsp.document.parse").parse


def test_parsing_again_and_again_keeps_nothing_per_parse():
    # Broken text: the pure parser, whose YAML instance each thread reuses, has the last word.
    text = "parameters:\n" + "".join(f"  p{i}:\n    type: string\n" for i in range(50)) + "resources: {a: [1\n"
    for _ in range(20):
        parse(text)
    assert len(builder._parser(pure=True).doc_infos) <= 1


def test_reading_a_piece_leaves_no_garbage_for_the_collector():
    """ruamel's YAML.parse makes a loader class per call, cyclic garbage that only a collection frees; the server
    reads a piece or more on every keystroke and freezes what outlives a large analysis, so those classes piled up
    between full passes (megabytes over an editing session)."""
    import gc

    text = "a:\n  type: OS::Heat::Value\n  properties:\n    value: {get_param: x}\n"
    broken = "a:\n  type: OS::Heat::Value\n  properties: {value: [1, 2\n"
    gc.collect()
    gc.disable()
    try:
        for _ in range(200):
            builder.read_slice(text, 0, float("inf"))
            builder.read_slice(broken, 0, float("inf"))  # (the pure parser's verdict too)
        left = gc.collect()
    finally:
        gc.enable()
    assert left < 200  # one loader class per read left ~40 objects of garbage each: 16,000
