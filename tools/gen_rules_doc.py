"""Write docs/rules.md from the diagnostic code registry (run after adding or changing a code).

python tools/gen_rules_doc.py          # rewrite docs/rules.md
python tools/gen_rules_doc.py --check  # exit 1 if docs/rules.md is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hot_lsp.analysis import rules  # noqa: E402,F401  (importing registers every code)
from hot_lsp.analysis.codes import AREAS, CODES, Code  # noqa: E402
from hot_lsp.analysis.rules.resources import validation as resource_validation  # noqa: E402
from hot_lsp.cloud import codes as cloud_codes  # noqa: E402,F401  (the cloud's own verdicts, 99xx)
from hot_lsp.commands.rules import severity  # noqa: E402

TARGET = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def render() -> str:
    out = [
        "# Diagnostic codes",
        "",
        "Every diagnostic hot-lsp reports, by area. The letter is the default severity (E error, W warning,",
        "I information); codes never change meaning. Each rule has a name (its slug), says why Heat cares and at which",
        "step Heat meets it, and shows a failing example and what to write instead. `hot-lsp rules CODE` (or its slug)",
        "prints one rule's page. Turn one off with `--disable CODE`, the `hotLsp.disabledRules` setting,",
        "`# hot-lsp: disable=CODE` on the line or the line before, or `# hot-lsp: disable-file=CODE`.",
        "",
        "This file is generated from the code by `python tools/gen_rules_doc.py`; a test keeps it current.",
        "",
    ]
    sections = [
        (f"{digit}xxx: {area}", [c for c in CODES.values() if c.code[1] == digit and c.area != "cloud"])
        for digit, area in AREAS.items()
    ]
    sections.append(
        (
            "99xx: The cloud's own verdicts (only with `--os-cloud` or the `hotLsp.cloud` setting)",
            [c for c in CODES.values() if c.area == "cloud"],
        )
    )
    for title, found in sections:
        codes = sorted(found, key=lambda c: c.code[1:])
        if not codes:
            continue
        out += [f"## {title}", ""]
        for code in codes:
            out += rule_section(code)
            out += NOTES.get(code.code, [])
    return "\n".join(out)


def rule_section(code: Code) -> list[str]:
    """One rule: its name and severity, what is wrong, why Heat cares, a failing example and what to write instead."""
    out = [
        f"### {code.code}",
        "",
        f"`{code.slug}` · {severity(code)} · Heat step: {code.heat_step}",
        "",
        code.summary,
        "",
        f"Why: {code.why}",
        "",
        "```yaml",
        code.example,
        "```",
        "",
    ]
    if code.instead.startswith("("):  # a description, not YAML
        return [*out, f"Instead: {code.instead[1:-1]}.", ""]
    return [*out, "Instead:", "", "```yaml", code.instead, "```", ""]


def resource_validation_notes() -> list[str]:
    """What E3026 checks, and the validate() checks it leaves to a cloud (from resource_validation's tables)."""
    checked = sorted({*resource_validation.CHECKS, *resource_validation.RENAMES})
    out = [
        "E3026 runs the checks of these types' own `validate()` (and their translation rules) that read only the "
        "template: " + ", ".join(f"`{name}`" for name in checked) + ".",
        "",
        "These checks of Heat's resource plugins need a live cloud, so hot-lsp does not make them:",
        "",
        "| type | what it checks | why it needs the cloud |",
        "|---|---|---|",
    ]
    out += [f"| {types} | {what} | {why} |" for types, what, why in resource_validation.NEEDS_CLOUD]
    out += ["", "The other plugins' `validate()`:", ""]
    out += [f"- {who}: {what}." for who, what in resource_validation.ELSEWHERE]
    return [*out, ""]


NOTES = {"E3026": resource_validation_notes()}


if __name__ == "__main__":
    text = render()
    if "--check" in sys.argv:
        sys.exit(0 if TARGET.exists() and TARGET.read_text() == text else 1)
    TARGET.write_text(text)
    print(f"wrote {TARGET} ({len(CODES)} codes)")
