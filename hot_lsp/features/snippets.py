"""LSP snippet text (``$1``, ``${1:default}``, ``${1|a,b|}``, ``\\$``): escaping literal text into a snippet, and a
snippet back to the plain text a client without snippet support inserts.

One converter for the whole server: completion uses it when the client declared no snippet support, and the
server's adapter to the client's capabilities uses it for any snippet left over.
"""

from __future__ import annotations

_ESCAPED = "$}\\"  # the characters a backslash escapes in snippet text
_CHOICE_ESCAPED = ",|$}\\"  # and in the options of a choice


def escape_snippet(text: str) -> str:
    """``text`` as literal text inside a snippet."""
    return text.replace("\\", "\\\\").replace("$", "\\$").replace("}", "\\}")


def snippet_to_text(snippet: str) -> str:
    """The text a snippet inserts when no field is edited: tabstops and variables dropped, placeholders keep their
    text (nested ones too), a choice gives its first option, and ``\\$``, ``\\}``, ``\\\\`` are unescaped."""
    text, _ = _snippet_part(snippet, 0, nested=False)
    return text


def _snippet_part(s: str, i: int, nested: bool) -> tuple[str, int]:
    """The plain text from ``s[i:]`` up to the ``}`` closing a placeholder (``nested``) or the end; returns it and
    the index after it."""
    out: list[str] = []
    while i < len(s):
        char = s[i]
        if char == "\\" and i + 1 < len(s) and s[i + 1] in _ESCAPED:
            out.append(s[i + 1])
            i += 2
        elif nested and char == "}":
            return "".join(out), i + 1
        elif char == "$":
            j = i + 1
            braced = j < len(s) and s[j] == "{"
            if braced:
                j += 1
            k = j
            while k < len(s) and (s[k].isalnum() or s[k] == "_"):
                k += 1
            if k == j:  # a lone dollar
                out.append(char)
                i += 1
            elif not braced:
                i = k  # $1, $0, $NAME: an empty tabstop or variable
            elif k < len(s) and s[k] == "}":
                i = k + 1
            elif k < len(s) and s[k] == ":":
                inner, i = _snippet_part(s, k + 1, nested=True)
                out.append(inner)
            elif k < len(s) and s[k] == "|":
                option, i = _first_choice(s, k + 1)
                out.append(option)
            else:
                out.append(s[i:k])
                i = k
        else:
            out.append(char)
            i += 1
    return "".join(out), i


def _first_choice(s: str, i: int) -> tuple[str, int]:
    """The first option of the choice whose options start at ``s[i]``, unescaped, and the index after the choice's
    closing ``|}``."""
    first: list[str] = []
    in_first = True
    while i < len(s):
        char = s[i]
        if char == "\\" and i + 1 < len(s) and s[i + 1] in _CHOICE_ESCAPED:
            char = s[i + 1]
            i += 1
        elif s.startswith("|}", i):
            return "".join(first), i + 2
        elif char == ",":
            in_first = False
        if in_first:
            first.append(char)
        i += 1
    return "".join(first), i
