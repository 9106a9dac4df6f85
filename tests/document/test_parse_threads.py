"""Parsing on several threads at once (the server's analysis worker and its event loop both parse) gives
each thread the same tree it gets alone: the YAML parsers keep state between calls and must not be shared."""

from __future__ import annotations

import threading

from hot_lsp.document import parse

TEXTS = [
    "heat_template_version: 2018-08-31\nresources:\n"
    + "".join(f"  r{i}: {{type: OS::Heat::None}}\n" for i in range(300)),
    "parameters:\n" + "".join(f"  p{i}: {{type: string, default: 'v{i}'}}\n" for i in range(300)),
    "a: {get_param:Foo}\n" * 100,  # the C parser refuses this; the pure-Python parser reads it
    "key: [1, 2, {x: y}]\nother: |\n  text\n" * 100,
]


def _shape(text: str) -> object:
    result = parse(text)
    return (result.root.to_python() if result.root is not None else None, [p.code for p in result.problems])


def test_threads_parsing_at_once_each_get_their_own_tree():
    expected = [_shape(text) for text in TEXTS]
    wrong: list[object] = []

    def work() -> None:
        for _ in range(5):
            for text, shape in zip(TEXTS, expected, strict=True):
                try:
                    got = _shape(text)
                except Exception as error:  # a shared parser fails with IndexError and the like
                    got = error
                if got != shape:
                    wrong.append(got)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []
