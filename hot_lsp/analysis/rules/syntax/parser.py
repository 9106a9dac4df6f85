"""0xxx from the parser: what reading the YAML found (the document layer reports them, in templates and
environments alike). Heat reads a template with PyYAML's safe loader (heat-27-facts.md §9)."""

from __future__ import annotations

from ...codes import define
from ..context import RuleContext
from ..phases import SYNTAX

AREA = "syntax"
AT_PARSE = "template parse"

define(
    "E0001",
    "The YAML does not parse (the parser's message, at its position).",
    "a: [1, 2\nb: 3",
    AREA,
    slug="yaml-syntax-error",
    why="Heat parses the whole file before it looks at any section: `openstack stack create` fails with "
    "'Error parsing template [root stack] ...' and PyYAML's message, and nothing else is checked.",
    instead="a: [1, 2]\nb: 3",
    heat_step=AT_PARSE,
    phase=SYNTAX.name,
)
define(
    "W0002",
    "A mapping repeats a key; Heat silently keeps only the last value.",
    "a: 1\na: 2",
    AREA,
    slug="duplicate-key",
    why="PyYAML does not reject a repeated key: the last one wins, at any level (resource names and "
    "heat_template_version included), so the first definition is dropped without a word.",
    instead="a: 2  # one key, with the value meant",
    heat_step=AT_PARSE,
    phase=SYNTAX.name,
)
define(
    "E0003",
    "Aliases expand past a safe bound (an alias bomb) or an alias refers to its own enclosing node.",
    "a: &a [*a]",
    AREA,
    slug="alias-bomb",
    why="An alias of its own enclosing node is a recursive structure Heat cannot turn into JSON or resolve; "
    "aliases that expand to millions of nodes exhaust Heat's memory and the request size limits.",
    instead="a: [1]\nb: [1]  # write the values out, or alias a node that does not contain the alias",
    heat_step=AT_PARSE,
    phase=SYNTAX.name,
)
define(
    "E0004",
    "The YAML nests deeper than hot-lsp reads (500 levels).",
    "(a value nested in 501 levels of [ ... ])",
    AREA,
    slug="nested-too-deep",
    why="Such a value is not a template anyone means to write; hot-lsp stops reading there so the editor stays "
    "responsive, and Heat's recursive function parsing would hit Python's recursion limit on it.",
    instead="(flatten the value: a few levels of lists and maps)",
    heat_step="none: hot-lsp's own limit (Heat would fail when it parses the functions)",
    phase=SYNTAX.name,
)
define(
    "E0005",
    "The file is too large to read at all (over 32 MiB; in the editor, over 2 MiB, 4 times Heat's limit).",
    "(a 40 MB file)",
    AREA,
    slug="file-too-large",
    why="Heat refuses any template over max_template_size (524,288 characters) with 'Request limit exceeded: "
    "Template size ... exceeds maximum allowed size'; a file many times that is not read at all.",
    instead="(split the template into nested templates, each under 512 KiB)",
    heat_step="stack create request (max_template_size), before the parse",
    phase=SYNTAX.name,
)
define(
    "E0007",
    "The file holds more than one YAML document; Heat reads exactly one.",
    "a: 1\n---\nb: 2",
    AREA,
    slug="several-documents",
    why="Heat loads the file with yaml.load, which fails on a second document: 'expected a single document in "
    "the stream'.",
    instead="a: 1\nb: 2  # one document; put another template in a file of its own",
    heat_step=AT_PARSE,
    phase=SYNTAX.name,
)
define(
    "E0008",
    "A YAML tag Heat's safe loader cannot construct (e.g. !Ref, !!python/...).",
    "x: !Ref foo",
    AREA,
    slug="unknown-yaml-tag",
    why="Heat's loader is a safe loader: a local tag such as CloudFormation's `!Ref` or a `!!python/` tag fails "
    "the parse with 'could not determine a constructor for the tag'.",
    instead="x: {get_resource: foo}  # HOT writes functions as one-key maps",
    heat_step=AT_PARSE,
    phase=SYNTAX.name,
)
define(
    "E0009",
    "The file is not UTF-8 text (binary, or another encoding); Heat reads UTF-8.",
    "(a file saved as Latin-1 with accented characters)",
    AREA,
    slug="not-utf8",
    why="The client sends the template as JSON text and Heat decodes it as UTF-8: a Latin-1 file fails to decode "
    "before Heat sees a template, or its accented characters arrive mangled.",
    instead="(save the file as UTF-8)",
    heat_step="stack create request (the client reads and sends the file)",
    phase=SYNTAX.name,
)

PHASE = SYNTAX  # (rules/phases.py: when this unit runs)


def check(context: RuleContext) -> None:
    """The parser's findings, first: the other rules read the tree it built."""
    context.report.diagnostics.extend(context.analysis.parsed.problems)
