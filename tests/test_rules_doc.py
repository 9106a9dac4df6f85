"""docs/rules.md is generated from the code registry and kept current; every code is documented."""

import subprocess
import sys
from pathlib import Path

from hot_lsp.analysis import rules  # noqa: F401  (registers every code)
from hot_lsp.analysis.codes import CODES
from hot_lsp.cloud import codes as cloud_codes  # noqa: F401  (and the cloud's)

ROOT = Path(__file__).resolve().parents[1]


def test_rules_doc_is_current():
    result = subprocess.run([sys.executable, "tools/gen_rules_doc.py", "--check"], cwd=ROOT)
    assert result.returncode == 0, "docs/rules.md is stale: run `python tools/gen_rules_doc.py`"


def test_every_code_has_summary_and_example():
    for code in CODES.values():
        assert code.summary.strip() and code.example.strip(), code.code


def test_every_runnable_example_triggers_its_code(tmp_path: Path):
    """docs/rules.md shows each code's failing example: it must really fail with that code.

    Examples in parentheses describe input too large to show, or needing files around it. A version line is added
    to snippets without one, except for E0010, whose example is about the missing version itself, and for examples
    that are environment files (they have a section only environments have). Each example is analysed as the file
    example.yaml, alone in an empty folder: the cross-file codes' examples name files that are not there (W7012,
    E7014), or the example itself (E7013)."""
    from hot_lsp.analysis.model.kind import detect_kind
    from hot_lsp.analysis.validate import Options, analyze
    from hot_lsp.document import parse

    wrong = []
    for code in CODES.values():
        example = code.example
        if example.startswith("("):
            continue
        environment = detect_kind(parse(example).root, example) == "environment"
        if "heat_template_version" not in example and code.code != "E0010" and not environment:
            example = "heat_template_version: 2021-04-16\n" + example
        path = tmp_path / code.code / "example.yaml"
        path.parent.mkdir()
        path.write_text(example + "\n")
        found = {d.code for d in analyze(example + "\n", Options(document_path=str(path))).diagnostics}
        if code.code not in found:
            wrong.append((code.code, sorted(found)))
    assert wrong == []
