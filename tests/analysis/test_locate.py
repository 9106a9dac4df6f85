"""Where the cursor is: paths, slots and calls, from the tree and from half-typed text.

Fixture style: ``$0`` marks the cursor in each snippet.
"""

from __future__ import annotations

import textwrap

import pytest
from shared_paths import CORPUS, needs_corpus

from hot_lsp import spec
from hot_lsp.analysis.queries.cursor import cursor_at
from hot_lsp.analysis.queries.locate import classify, hit_at, is_template, known_names, lookup, name_slot, node_roles
from hot_lsp.analysis.validate import analyze
from hot_lsp.document import Mapping, Scalar, parse, walk

V = spec.version_named


def marked(fixture: str) -> tuple[str, int]:
    text = textwrap.dedent(fixture).lstrip("\n")
    offset = text.index("$0")
    return text.replace("$0", "", 1), offset


def cursor(fixture: str, *, tree: bool = True):
    text, offset = marked(fixture)
    parsed = parse(text)
    return cursor_at(text, parsed.lines, parsed.root if tree else None, offset)


def hit(fixture: str):
    text, offset = marked(fixture)
    return hit_at(parse(text).root, offset)


# -- cursor_at: (fixture, path, slot, prefix) ------------------------------------------------------

CURSORS = [
    # flow, half-typed: the YAML is broken at the cursor
    (
        """
        resources:
          a:
            properties:
              flavor: {get_pa$0
          b:
            type: y
        """,
        ("resources", "a", "properties", "flavor"),
        "key",
        "get_pa",
    ),
    (
        "resources:\n  a:\n    properties:\n      flavor: {get_param: $0}\n",
        ("resources", "a", "properties", "flavor", "get_param"),
        "value",
        "",
    ),
    # block: a word alone on the line under a key
    (
        "resources:\n  a:\n    properties:\n      flavor:\n        get_pa$0\n  b: 1\n",
        ("resources", "a", "properties", "flavor"),
        "key",
        "get_pa",
    ),
    (
        "resources:\n  a:\n    properties:\n      flavor:\n        - get_pa$0\n",
        ("resources", "a", "properties", "flavor", 0),
        "key",
        "get_pa",
    ),
    # a new key line under a resource, half-typed and empty
    ("resources:\n  a:\n    type: x\n    ty$0\n  b: 1\n", ("resources", "a"), "key", "ty"),
    ("resources:\n  a:\n    type: x\n    $0\n", ("resources", "a"), "key", ""),
    ("resources:\n  a:\n    type: x\n  $0\n", ("resources",), "key", ""),
    ("$0", (), "key", ""),
    ("heat_template_version: 2016-10-14\nres$0", (), "key", "res"),
    ("heat_template_version: $0", ("heat_template_version",), "value", ""),
    # lists after a dash, counted
    (
        "parameters:\n  p:\n    type: string\n    constraints:\n      - custom_constraint: nova.$0\n",
        ("parameters", "p", "constraints", 0, "custom_constraint"),
        "value",
        "nova.",
    ),
    (
        "parameters:\n  p:\n    constraints:\n      - length: {min: 1}\n      - $0\n",
        ("parameters", "p", "constraints", 1),
        "key",
        "",
    ),
    ("resources:\n  a:\n    depends_on:\n    - b\n    - $0\n", ("resources", "a", "depends_on", 1), "key", ""),
    (
        "outputs:\n  o:\n    value:\n      get_attr:\n      - srv\n      - $0\n",
        ("outputs", "o", "value", "get_attr", 1),
        "key",
        "",
    ),
    ("- - a\n  - $0", (0, 1), "key", ""),
    ("x:\n- name: a\n  image: b\n- name: c\n  $0", ("x", 1), "key", ""),
    ("x:\n- name:\n  - a\n  - $0", ("x", 0, "name", 1), "key", ""),
    # flow lists and maps on one line, with implicit one-pair maps
    ("resources:\n  a:\n    depends_on: [b, $0\n  b: 1\n", ("resources", "a", "depends_on", 1), "value", ""),
    ("o: {if: [{equals: [{get_param: x}, $0]}, a, b]}", ("o", "if", 0, "equals", 1), "value", ""),
    ("o: [a, get_attr: [b, $0]]", ("o", 1, "get_attr", 1), "value", ""),
    ("o: {get_param: OS::st$0}", ("o", "get_param"), "value", "OS::st"),
    # a flow list opened on an earlier line, broken (text only) and whole (from the tree)
    ("resources:\n  a:\n    depends_on: [b,\n      $0\n  b: 1\n", ("resources", "a", "depends_on", 1), "value", ""),
    ("resources:\n  a:\n    depends_on: [b,\n      c$0]\n", ("resources", "a", "depends_on", 1), "value", "c"),
    ("x:\n  [ {\n    a: 1,\n    b: $0\n  } ]\n", ("x", 0, "b"), "value", ""),
    # quotes, JSON
    ('o:\n  x: "get_$0', ("o", "x"), "value", "get_"),
    (
        '{"resources": {"a": {"type": "x",\n  "properties": {"f": {$0}}}}}',
        ("resources", "a", "properties", "f"),
        "key",
        "",
    ),
    # a byte order mark before the first key
    ("\ufeffheat_template_version: 2016$0", ("heat_template_version",), "value", "2016"),
    # editing an existing key
    ("resources:\n  a:\n    ty$0pe: x\n", ("resources", "a"), "key", "ty"),
]


@pytest.mark.parametrize(("fixture", "path", "slot", "prefix"), CURSORS)
def test_cursor_path_slot_and_prefix(fixture, path, slot, prefix):
    found = cursor(fixture)
    assert (found.path, found.slot, found.prefix) == (path, slot, prefix)


@pytest.mark.parametrize(
    "fixture",
    [
        "a: |\n  foo\n  $0\n",  # in a block scalar
        "description: hello\n  world $0\n",  # in a plain scalar going on over lines
        "resources:\n  a:\n    properties: # hi $0\n",  # in a comment
        "resources:\n  a:\n    properties:\n      x: [a, {get_param: b}]$0",  # after a closed value
        "resources:\n  a:\n    properties:\n      x: 'done' $0",
        "description: some words $0",
        "resources:\n  my res$0",  # words: not a key being typed
    ],
)
def test_no_slot_in_text(fixture):
    assert cursor(fixture).slot == "none"


def test_bare_flow_and_key_follows_flags():
    bare = cursor("resources:\n  a:\n    ty$0\n")
    assert bare.bare and bare.flow == "" and not bare.key_follows
    flow = cursor("o: {get_pa$0}")
    assert not flow.bare and flow.flow == "{" and flow.after == "}"
    editing = cursor("resources:\n  a:\n    ty$0pe: x\n")
    assert editing.key_follows and editing.prefix_start == editing.line_start + 4
    quoted = cursor("o: 'nova.fl$0")
    assert quoted.quote == "'" and quoted.prefix == "nova.fl"


def test_prefix_start_and_column_after_multibyte_text():
    found = cursor("o: {name: 'é😀', flavor: {get_pa$0")
    text, offset = marked("o: {name: 'é😀', flavor: {get_pa$0")
    assert found.prefix == "get_pa"
    assert found.prefix_start == text.index("get_pa")
    assert found.column == text.index("get_pa")  # characters, not UTF-16 units


def test_tree_and_text_agree_on_valid_block_yaml():
    fixture = """
    parameters:
      p:
        type: string
        constraints:
          - length: {min: 1}
            description: x
    resources:
      a:
        type: x
        properties:
          networks:
            - port: {get_resource: b}
              fixed_ip: 1
          other:
          - c
          - d
    """
    text = textwrap.dedent(fixture).lstrip("\n")
    parsed = parse(text)
    for node in walk(parsed.root):
        if isinstance(node, Mapping) and not node.flow:
            for pair in node.pairs:
                with_tree = cursor_at(text, parsed.lines, parsed.root, pair.key.end)
                text_only = cursor_at(text, parsed.lines, None, pair.key.end)
                expected = hit_at(parsed.root, pair.key.end)
                assert expected is not None
                assert with_tree.path == text_only.path == expected.path[:-1], pair.key


@needs_corpus
def test_text_ancestry_matches_the_tree_on_real_templates():
    """Every block key of some corpus templates: the path read from indentation is the tree's."""
    files = sorted(CORPUS.glob("tripleo-heat-templates/deployment/nova/*.yaml"))[:6]
    files += sorted(CORPUS.glob("heat-templates/hot/*.yaml"))[:6]
    assert files, "no corpus templates found"
    checked = 0
    for file in files:
        text = file.read_text(encoding="utf-8")
        parsed = parse(text)
        if not parsed.syntax_ok:
            continue
        for node in walk(parsed.root):
            if not isinstance(node, Mapping) or node.flow:
                continue
            for pair in node.pairs:
                key = pair.key
                if not isinstance(key, Scalar) or key.style is not None:
                    continue
                expected = hit_at(parsed.root, key.end)
                assert expected is not None
                for root in (parsed.root, None):
                    found = cursor_at(text, parsed.lines, root, key.end)
                    assert (found.slot, found.path) == ("key", expected.path[:-1]), (file.name, key)
                    checked += 1
    assert checked > 500


# -- hit_at --------------------------------------------------------------------------------------


def test_hit_on_keys_values_and_items():
    found = hit("resources:\n  a:\n    depends_on: [b, c$0c]\n")
    assert found is not None and found.node.value == "cc" and found.path == ("resources", "a", "depends_on", 1)
    assert not found.is_key
    key = hit("resources:\n  a:\n    dep$0ends_on: b\n")
    assert key is not None and key.is_key and key.path == ("resources", "a", "depends_on")
    end = hit("resources:\n  a:\n    depends_on$0: b\n")  # a word's end counts as in it
    assert end is not None and end.is_key and end.node.value == "depends_on"


def test_hit_nothing_between_nodes_or_outside():
    assert hit("a: 1\n$0\nb: 2\n") is None
    assert hit_at(None, 0) is None


def test_hit_in_partial_tree_of_broken_text():
    found = hit("resources:\n  a:\n    type: O$0S::Nova::Server\n    x: [\n")
    assert found is not None and found.node.value == "OS::Nova::Server"


def test_lookup_by_keys_and_indices():
    root = parse("a:\n  b: [x, {c: 1}]\n").root
    node = lookup(root, ("a", "b", 1, "c"))
    assert isinstance(node, Scalar) and node.value == 1
    assert lookup(root, ("a", "nope")) is None
    assert lookup(root, ("a", "b", 5)) is None


# -- classify and name_slot -------------------------------------------------------------------------


def test_classify_resource_property_calls():
    place = classify(
        ("resources", "a", "properties", "x", "str_replace", "params", "P", "get_attr", 0), V("2016-10-14")
    )
    assert (place.section, place.entry, place.field, place.context) == ("resources", "a", "properties", "normal")
    assert [call.name for call in place.calls] == ["str_replace", "get_attr"]
    assert place.arguments == (0,)
    assert place.inside == ("x", "str_replace", "params", "P", "get_attr", 0)


def test_classify_if_first_argument_is_a_condition():
    place = classify(("outputs", "o", "value", "if", 0, "equals", 1), V("2016-10-14"))
    assert place.context == "condition"
    assert [(c.name, c.context) for c in place.calls] == [("if", "normal"), ("equals", "condition")]
    branch = classify(("outputs", "o", "value", "if", 1), V("2016-10-14"))
    assert branch.context == "normal"


def test_classify_knows_the_version_tables():
    # `if` is not a function in 2016-04-08: the key is plain data there.
    assert classify(("outputs", "o", "value", "if", 0), V("2016-04-08")).calls == ()
    # yaql is a condition function from pike only.
    assert classify(("conditions", "c", "yaql"), V("2016-10-14")).calls == ()
    assert classify(("conditions", "c", "yaql"), V("2017-09-01")).call.name == "yaql"


def test_classify_sections_without_functions():
    for path in [("parameters", "p", "default"), ("resources", "a", "type"), ("description",), ()]:
        assert classify(path, spec.LATEST).context is None
    conditions = classify(("conditions", "c"), spec.LATEST)
    assert conditions.context == "condition" and conditions.entry == "c"


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        (("resources", "a", "properties", "x", "get_param"), "parameter"),
        (("resources", "a", "properties", "x", "get_param", 0), "parameter"),
        (("resources", "a", "properties", "x", "get_param", 1), None),
        (("outputs", "o", "value", "get_resource"), "resource"),
        (("outputs", "o", "value", "get_attr", 0), "resource"),
        (("outputs", "o", "value", "get_attr", 1), None),
        (("resources", "a", "depends_on"), "resource"),
        (("resources", "a", "depends_on", 2), "resource"),
        (("resources", "a", "condition"), "condition"),
        (("outputs", "o", "condition"), "condition"),
        (("outputs", "o", "value", "if", 0), "condition"),
        (("outputs", "o", "value", "if", 1), None),
        (("conditions", "c", "not"), "condition"),
        (("conditions", "c", "and", 3), "condition"),
        (("conditions", "c"), None),
        (("parameter_groups", 0, "parameters", 1), "parameter"),
        (("parameter_groups", 0, "label"), None),
    ],
)
def test_name_slots(path, kind):
    assert name_slot(classify(path, V("2017-09-01"))) == kind


# -- names from the current and the last good model ------------------------------------------------

GOOD = """\
heat_template_version: 2017-09-01
parameters:
  flavor: {type: string}
resources:
  server: {type: OS::Nova::Server}
conditions:
  big: true
"""


def test_known_uses_last_good_only_when_broken():
    good = analyze(GOOD)
    broken = analyze("heat_template_version: 2017-09-01\nparameters:\n  image: {type: string\n")
    assert not broken.parsed.syntax_ok
    names = known_names(broken, good)
    assert list(names.parameters) == ["image", "flavor"]  # the current text's names first
    assert "server" in names.resources and "big" in names.conditions
    assert names.version == V("2017-09-01") and names.version_known
    # The definition keeps the text its offsets point into.
    assert names.resources["server"].text == GOOD

    fine = analyze("heat_template_version: 2016-10-14\nparameters:\n  other: {type: string}\n")
    only_current = known_names(fine, good)
    assert set(only_current.parameters) == {"other"} and only_current.version == V("2016-10-14")


def test_known_version_falls_back_to_the_latest():
    names = known_names(analyze("heat_template_version: 2099-01-01\nresources: {}\n"), None)
    assert names.version == spec.LATEST and not names.version_known


def test_is_template():
    good = analyze(GOOD)
    assert is_template(good, None)
    assert not is_template(analyze("a: 1\nb: [1]\n"), None)
    broken_other = analyze("a: [\n")
    assert not is_template(broken_other, None)
    assert is_template(broken_other, good)  # the file was a template a keystroke ago


def test_roles_index_is_cached_per_analysis():
    analysis = analyze(GOOD + "outputs:\n  o: {value: {get_resource: server}}\n")
    assert analysis.model is not None
    first = node_roles(analysis)
    assert node_roles(analysis) is first
    (reference,) = [r for r in first.references.values() if r.kind == "resource"]
    assert reference.name == "server"
    assert any(call.name == "get_resource" for call in first.calls.values())


def test_flow_collections_over_lines_resume_after_complete_entries():
    """In a flow collection spanning lines, entries finished on earlier lines are skipped, not reread."""
    fixture = (
        '{"resources": {\n'
        '  "a": {"type": "x"},\n'
        '  "b": {"type": "y",\n'
        '        "depends_on": [\n'
        '          "a",\n'
        '          "c",\n'
        "          $0\n"
        "        ]}}}\n"
    )
    found = cursor(fixture)
    assert (found.path, found.slot) == (("resources", "b", "depends_on", 2), "value")
    key = cursor('{"resources": {\n  "a": {"type": "x"},\n  "b": {"type": "y",\n    $0}}}\n')
    assert (key.path, key.slot) == (("resources", "b"), "key")
    after_value = cursor('{"resources": {\n  "a": {"type": "x"},\n  "b": {"type": "y"\n    $0}}}\n')
    assert after_value.slot == "none"  # a ',' is missing: nothing can be typed here
