"""Write docs/rules.md from the diagnostic code registry (run after adding or changing a code).

python tools/gen_rules_doc.py          # rewrite docs/rules.md
python tools/gen_rules_doc.py --check  # exit 1 if docs/rules.md is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hot_lsp.analysis import rules  # noqa: E402,F401  (importing registers every code)
from hot_lsp.analysis.codes import AREAS, CODES  # noqa: E402

TARGET = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
SEVERITY = {"E": "error", "W": "warning", "I": "information", "H": "hint"}


def render() -> str:
    out = [
        "# Diagnostic codes",
        "",
        "Every diagnostic hot-lsp reports, by area. The letter is the default severity (E error, W warning,",
        "I information); codes never change meaning. Turn one off with `--disable CODE`, the `hotLsp.disabledRules`",
        "setting, `# hot-lsp: disable=CODE` on the line or the line before, or `# hot-lsp: disable-file=CODE`.",
        "",
        "This file is generated from the code by `python tools/gen_rules_doc.py`; a test keeps it current.",
        "",
    ]
    for digit, area in AREAS.items():
        codes = sorted((c for c in CODES.values() if c.code[1] == digit), key=lambda c: c.code[1:])
        if not codes:
            continue
        out += [f"## {digit}xxx: {area}", ""]
        for code in codes:
            out += [
                f"### {code.code}",
                "",
                f"{SEVERITY[code.code[0]]}: {code.summary}",
                "",
                "```yaml",
                code.example,
                "```",
                "",
            ]
    return "\n".join(out)


if __name__ == "__main__":
    text = render()
    if "--check" in sys.argv:
        sys.exit(0 if TARGET.exists() and TARGET.read_text() == text else 1)
    TARGET.write_text(text)
    print(f"wrote {TARGET} ({len(CODES)} codes)")
