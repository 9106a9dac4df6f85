"""Parsing: positions, duplicates, broken YAML and hostile input never crash and are bounded."""

import time

from hot_lsp.document import Mapping, Scalar, Sequence, parse


def codes(text):
    return [p.code for p in parse(text).problems]


def test_every_node_has_its_exact_range():
    text = "a: hello\nlist:\n  - one\n  - {k: v}\n"
    root = parse(text).root
    a = root.pair("a")
    assert text[a.key.start : a.key.end] == "a"
    assert text[a.value.start : a.value.end] == "hello"
    items = root.get("list").items
    assert text[items[0].start : items[0].end] == "one"
    assert text[items[1].start : items[1].end] == "{k: v}"


def test_positions_survive_bom_crlf_and_non_ascii():
    text = '\ufeffa: 1\r\nb: "😀"\r\nc: x\r\n'
    parsed = parse(text)
    c = parsed.root.pair("c")
    assert text[c.key.start : c.key.end] == "c"
    assert parsed.lines.position(c.key.start) == (2, 0)
    b = parsed.root.get("b")
    assert text[b.start : b.end] == '"😀"'


def test_duplicate_key_keeps_last_and_warns_on_the_repeat():
    text = "a: 1\nb: 2\na: 3\n"
    parsed = parse(text)
    assert parsed.root.get("a").value == 3
    [problem] = parsed.problems
    assert problem.code == "W0002"
    assert text[problem.start : problem.end] == "a"
    assert problem.start == text.rindex("a:")
    assert "line 1" in problem.message


def test_broken_yaml_reports_one_error_in_its_top_level_key_and_keeps_the_rest():
    text = "resources:\n  a:\n    type: OS::Heat::None\n  b: [1, 2\nc: 3\n"
    parsed = parse(text)
    assert [p.code for p in parsed.problems] == ["E0001"]
    assert not parsed.syntax_ok
    # The parser meets the end of the unclosed list at "c:"; the error is the last thing `resources` wrote.
    assert parsed.lines.position(parsed.problems[0].start) == (3, len("  b: [1, 2") - 1)
    assert "flow sequence" in parsed.problems[0].message
    # Everything read before the error is kept, for completion and hover, and the keys after it are read.
    assert parsed.root.get("resources").get("a").get("type").value == "OS::Heat::None"
    assert parsed.root.get("c").value == 3


def test_text_with_a_flow_value_over_lines_at_column_zero_is_read_whole():
    # Cut at "b:", the first piece does not parse alone; the whole text does, so it counts.
    text = "a: [1,\nb, c]\nd: 2\n"
    parsed = parse(text)
    assert parsed.problems == [] and parsed.syntax_ok
    assert parsed.root.get("a").to_python() == [1, "b", "c"]


def test_flow_mapping_without_space_after_colon_is_accepted_like_heat():
    # The C parser rejects this; Heat (and the pure parser) read a key "get_param:Foo".
    parsed = parse("a: {get_param:Foo}\n")
    assert parsed.problems == []
    assert parsed.root.get("a").to_python() == {"get_param:Foo": None}


def test_tabs_are_explained():
    [problem] = parse("a:\n\tb: 1\n").problems
    assert problem.code == "E0001"
    assert "tabs" in problem.message


def test_more_than_one_document():
    assert codes("a: 1\n---\nb: 2\n") == ["E0007"]


def test_unknown_tag_like_heat():
    assert codes("a: !Ref foo\n") == ["E0008"]


def test_undefined_and_recursive_aliases():
    assert codes("a: *nope\n") == ["E0001"]
    assert codes("a: &x [1, *x]\n") == ["E0003"]


def test_alias_bomb_is_bounded():
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        prev, name = chr(96 + i), chr(97 + i)
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    started = time.perf_counter()
    parsed = parse("\n".join(lines) + "\n")
    assert time.perf_counter() - started < 2
    assert "E0003" in [p.code for p in parsed.problems]
    assert parsed.root.weight < 1_000_000


def test_deep_nesting_is_bounded():
    text = "a: " + "[" * 10_000 + "]" * 10_000 + "\n"
    started = time.perf_counter()
    parsed = parse(text)
    assert time.perf_counter() - started < 2
    assert [p.code for p in parsed.problems] == ["E0004"]
    assert parsed.truncated


def test_deep_block_nesting_is_bounded():
    text = "- " * 5000 + "x\n"
    parsed = parse(text)
    assert [p.code for p in parsed.problems] == ["E0004"]


def test_non_mapping_documents_parse():
    assert isinstance(parse("- a\n- b\n").root, Sequence)
    assert isinstance(parse("just text").root, Scalar)
    assert parse("").root is None
    assert parse("# only a comment\n").root is None


def test_json_template():
    parsed = parse('{"heat_template_version": "2016-10-14", "resources": {"a": {"type": "OS::Heat::None"}}}')
    assert isinstance(parsed.root, Mapping)
    assert parsed.root.get("heat_template_version").value == "2016-10-14"


def test_several_megabytes_parse_in_bounded_time():
    # A guard against a parse that goes quadratic or hangs, not a speed figure (bench/ measures speed): this
    # process's CPU time, which other work on the machine does not inflate (wall time failed at 10.7 s under the
    # whole suite's load).
    text = "".join(f"key{i}: value number {i}\n" for i in range(200_000))  # ~5 MB
    started = time.process_time()
    parsed = parse(text)
    assert time.process_time() - started < 20  # about 5.6 s alone; quadratic would be far past it
    assert len(parsed.root) == 200_000
