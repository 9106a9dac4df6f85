"""Folding ranges: entries and items spanning lines, block scalars, comment runs."""

from __future__ import annotations

import textwrap

from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.features.folding import folding_ranges
from hot_lsp.features.snapshot import Settings, Snapshot


def folds(fixture: str, env: bool = False, limit: int | None = None) -> list[tuple[int, int, str]]:
    text = textwrap.dedent(fixture).lstrip("\n")
    analysis = analyze(text, Options(named_as_environment=env))
    snapshot = Snapshot("file:///t/x.yaml", 1, analysis, analysis, "utf-16", Settings())
    return [(f.start_line, f.end_line, str(f.kind.value if f.kind else "")) for f in folding_ranges(snapshot, limit)]


TEMPLATE = """
heat_template_version: 2018-08-31
description: >
  Two lines
  of description.
parameters:
  flavor:
    type: string
    constraints:
      - allowed_values: [a, b]
        description: one of two
  image: {type: string}
resources:
  # A comment block
  # of three lines
  # about the server.
  server:
    type: OS::Nova::Server
    properties:
      networks: [
        {network: a},
        {network: b}
      ]
      user_data: |
        #!/bin/sh
        # not a YAML comment
        # but part of the script
        echo hi

  # trailing comment, folded with nothing

outputs:
  ip:
    value: {get_attr: [server, first_address]}
"""


def test_template_folds() -> None:
    assert folds(TEMPLATE) == [
        (1, 3, "region"),  # the folded description
        (4, 10, "region"),  # parameters
        (5, 9, "region"),  # flavor
        (7, 9, "region"),  # constraints
        (8, 9, "region"),  # the list item
        (11, 26, "region"),  # resources (to the script's last line, not the trailing comment)
        (12, 14, "comment"),
        (15, 26, "region"),  # server
        (17, 26, "region"),  # properties
        (18, 21, "region"),  # the flow list
        (22, 26, "region"),  # the script, whose comment lines are not YAML comments
        (30, 32, "region"),  # outputs
        (31, 32, "region"),  # ip
    ]


def test_nothing_on_one_line() -> None:
    assert folds("heat_template_version: 2018-08-31\nparameters: {a: {type: string}}\n") == []


def test_aliases_fold_where_the_anchor_is_written() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        resources:
          a:
            type: OS::Heat::Value
            properties: &p
              value: 1
          b:
            type: OS::Heat::Value
            properties: *p
        """
    assert folds(fixture) == [(1, 8, "region"), (2, 5, "region"), (4, 5, "region"), (6, 8, "region")]


def test_limit_keeps_the_outermost() -> None:
    assert folds(TEMPLATE, limit=3) == [(1, 3, "region"), (4, 10, "region"), (11, 26, "region")]
    assert folds(TEMPLATE, limit=0) == []


def test_environment_and_non_hot() -> None:
    assert folds("parameter_defaults:\n  a: 1\n  b: 2\n", env=True) == [(0, 2, "region")]
    assert folds("name: x\nitems:\n  - 1\n  - 2\n") == []


def test_broken_yaml() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        resources:
          a:
            type: OS::Heat::Value
          b: {type: [
        """
    assert (2, 3, "region") in folds(fixture)


def test_crlf_line_ends() -> None:
    text = "heat_template_version: 2018-08-31\r\nresources:\r\n  a:\r\n    type: OS::Heat::None\r\n"
    analysis = analyze(text)
    snapshot = Snapshot("file:///t/x.yaml", 1, analysis, analysis, "utf-16", Settings())
    assert [(f.start_line, f.end_line) for f in folding_ranges(snapshot)] == [(1, 3), (2, 3)]
