"""The one snippet converter: what a client without snippet support inserts, and escaping literal text."""

from __future__ import annotations

import pytest

from hot_lsp.features.snippets import escape_snippet, snippet_to_text


@pytest.mark.parametrize(
    ("snippet", "text"),
    [
        ("plain", "plain"),
        ("get_param: ${1:name}$0", "get_param: name"),
        ("{get_attr: [${1:resource}, ${2:attribute}]}", "{get_attr: [resource, attribute]}"),
        # nested placeholders keep their text, at any depth
        ("${1:outer ${2:inner}} end", "outer inner end"),
        ("${1:a ${2:b ${3:c}} d} e", "a b c d e"),
        ("{str_replace: {template: ${1:${2:x}}, params: ${3}}}", "{str_replace: {template: x, params: }}"),
        # escapes, outside and inside placeholders
        ("cost: \\$5 and \\} and \\\\", "cost: $5 and } and \\"),
        ("${1:a\\}b} ${2:\\$HOME}", "a}b $HOME"),
        ("${1:outer ${2:in\\}ner}}", "outer in}ner"),
        ("a \\n stays", "a \\n stays"),  # only $, } and \ are escaped
        # a choice gives its first option
        ("${1|string,number,json|}", "string"),
        ("type: ${1|a\\,b,c|} end", "type: a,b end"),
        ("${1|x\\|y,z|}", "x|y"),
        # tabstops and variables insert nothing; a dollar that starts neither is text
        ("$TM_FILENAME ${TM_LINE_NUMBER} ${2}", "  "),
        ("$0", ""),
        ("a lone $ sign", "a lone $ sign"),
        ("${ not a field", "${ not a field"),
        ("${1:never closed", "never closed"),
    ],
)
def test_snippet_to_text(snippet: str, text: str):
    assert snippet_to_text(snippet) == text


@pytest.mark.parametrize("literal", ["plain", "cost: $5", "a}b", "back\\slash", "${1:x}", "\\$}"])
def test_escaped_text_reads_back_unchanged(literal: str):
    assert snippet_to_text(escape_snippet(literal)) == literal
