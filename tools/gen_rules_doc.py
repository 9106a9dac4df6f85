"""Write docs/rules.md (the index) and docs/rules/CODE.md (one page per code, what `hot-lsp rules CODE` prints)
from the diagnostic code registry (run after adding or changing a code).

python tools/gen_rules_doc.py          # rewrite them
python tools/gen_rules_doc.py --check  # exit 1 if any is out of date (or a page of a code that is gone remains)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hot_lsp.analysis import rules  # noqa: E402,F401  (importing registers every code)
from hot_lsp.analysis.codes import AREAS, CODES, Code  # noqa: E402
from hot_lsp.cloud import codes as cloud_codes  # noqa: E402,F401  (the cloud's own verdicts, 99xx)
from hot_lsp.commands.rules import rule_page, severity  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "rules.md"
PAGES = ROOT / "docs" / "rules"
OWN_SECTIONS = ("cloud", "update")  # areas with a section of their own, after the 9xxx hints


def render() -> str:
    """docs/rules.md: the index, by area, each code linking to its page."""
    out = [
        "# Diagnostic codes",
        "",
        "Every diagnostic hot-lsp reports, by area, each with a page of its own (`docs/rules/CODE.md`: what is wrong,",
        "why Heat cares and at which step Heat meets it, a failing example and what to write instead). The letter is",
        "the default severity (E error, W warning, I information); codes never change meaning. `hot-lsp rules CODE`",
        "(or its name) prints the same page; an editor's link on a diagnostic's code opens it. Turn one off with",
        "`--disable CODE`, the `hotLsp.disabledRules` setting, `# hot-lsp: disable=CODE` on the line or the line",
        "before, or `# hot-lsp: disable-file=CODE`.",
        "",
        "These pages are generated from the code by `python tools/gen_rules_doc.py`; a test keeps them current.",
        "",
    ]
    for title, codes in sections():
        out += [f"## {title}", "", "| code | name | severity | what |", "|---|---|---|---|"]
        out += [
            f"| [{c.code}](rules/{c.code}.md) | `{c.slug}` | {severity(c)} | {c.summary.replace('|', chr(92) + '|')} |"
            for c in codes
        ]
        out.append("")
    return "\n".join(out)


def sections() -> list[tuple[str, list[Code]]]:
    found = [
        (f"{digit}xxx: {area}", [c for c in CODES.values() if c.code[1] == digit and c.area not in OWN_SECTIONS])
        for digit, area in AREAS.items()
    ]
    found.append(
        (
            "98xx: What an update does (the editor's what-if, `hotLsp.whatIf.against`; never `hot-lsp check`)",
            [c for c in CODES.values() if c.area == "update"],
        )
    )
    found.append(
        (
            "99xx: The cloud's own verdicts (only with `--os-cloud` or the `hotLsp.cloud` setting)",
            [c for c in CODES.values() if c.area == "cloud"],
        )
    )
    return [(title, sorted(codes, key=lambda c: c.code[1:])) for title, codes in found if codes]


def pages() -> dict[Path, str]:
    """Every code's page, as ``hot-lsp rules CODE`` prints it, with a link back to the index."""
    return {PAGES / f"{code}.md": rule_page(record) + "\n[All codes](../rules.md)\n" for code, record in CODES.items()}


if __name__ == "__main__":
    index, written = render(), pages()
    if "--check" in sys.argv:
        stale = [TARGET] if not TARGET.exists() or TARGET.read_text() != index else []
        stale += [path for path, text in written.items() if not path.exists() or path.read_text() != text]
        strays = [path for path in PAGES.glob("*.md") if path not in written] if PAGES.exists() else []
        for path in stale + strays:
            print(f"stale: {path.relative_to(ROOT)}")
        sys.exit(1 if stale or strays else 0)
    TARGET.write_text(index)
    PAGES.mkdir(exist_ok=True)
    for path in PAGES.glob("*.md"):
        if path not in written:
            path.unlink()  # a code that is gone
    for path, text in written.items():
        path.write_text(text)
    print(f"wrote {TARGET} and {len(written)} pages in {PAGES}")
