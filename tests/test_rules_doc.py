"""docs/rules.md is generated from the code registry and kept current; every code is documented."""

import subprocess
import sys
from pathlib import Path

from hot_lsp.analysis import rules  # noqa: F401  (registers every code)
from hot_lsp.analysis.codes import CODES

ROOT = Path(__file__).resolve().parents[1]


def test_rules_doc_is_current():
    result = subprocess.run([sys.executable, "tools/gen_rules_doc.py", "--check"], cwd=ROOT)
    assert result.returncode == 0, "docs/rules.md is stale: run `python tools/gen_rules_doc.py`"


def test_every_code_has_summary_and_example():
    for code in CODES.values():
        assert code.summary.strip() and code.example.strip(), code.code
