"""docs/rules.md is generated from the rules' records and kept current; every code is a whole record, declared in
its area's folder."""

import ast
import re
import subprocess
import sys
from pathlib import Path

from hot_lsp.analysis import rules  # noqa: F401  (registers every code)
from hot_lsp.analysis.codes import CODES
from hot_lsp.cloud import codes as cloud_codes  # noqa: F401  (and the cloud's)

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "hot_lsp" / "analysis" / "rules"


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


def test_every_record_says_why_what_instead_and_where():
    """A rule's page is only useful whole: its name, what Heat does with it, what to write instead, Heat's step."""
    from hot_lsp.analysis.rules.phases import PHASES

    # E9901: asked of the cloud; 98xx: the editor's what-if; both outside the analysis.
    phases = {phase.name for phase in PHASES} | {"cloud", "what-if"}
    thin = [
        code.code
        for code in CODES.values()
        if not (code.slug and code.why.strip() and code.instead.strip() and code.heat_step.strip())
        or code.phase not in phases
    ]
    assert thin == []


def test_slugs_are_unique_kebab_case_names():
    slugs = [code.slug for code in CODES.values()]
    assert len(set(slugs)) == len(slugs)
    assert [slug for slug in slugs if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug)] == []


def declared_in() -> dict[str, str]:
    """Code -> the folder whose module declares it (read from the define() calls in the source)."""
    found = {}
    for path in [*RULES.rglob("*.py"), ROOT / "hot_lsp" / "cloud" / "codes.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "define":
                first = node.args[0]
                code = first.value if isinstance(first, ast.Constant) else getattr(first, "attr", "")
                found[code] = path.parent.name
    return found


def test_each_area_folder_holds_the_records_of_its_codes():
    """A record sits next to its check, in rules/<area>/, and says that area (the cloud's own in hot_lsp/cloud)."""
    folders = declared_in()
    assert sorted(folders) == sorted(CODES)
    wrong = {code: (folders[code], record.area) for code, record in CODES.items() if folders[code] != record.area}
    assert wrong == {}
    areas = {path.name for path in RULES.iterdir() if (path / "__init__.py").exists()}
    assert {record.area for record in CODES.values()} - {"cloud"} <= areas


def test_each_phase_runs_the_units_of_its_areas_in_order():
    """The registry is one list of areas; every unit declares a phase, and a phase's units keep the areas' order."""
    from hot_lsp.analysis.rules import AREAS, UNITS, units_in
    from hot_lsp.analysis.rules.phases import PHASES, phase_of

    assert {unit.__name__ for area in AREAS for unit in area.UNITS} == {unit.__name__ for unit in UNITS}
    for phase in PHASES:
        names = [unit.__name__ for unit in units_in(phase)]
        assert names == [unit.__name__ for unit in UNITS if phase_of(unit) is phase]
    assert [unit.__name__.rsplit(".", 2)[-2] for unit in units_in(PHASES[1])][:3] == [
        "version",
        "sections",
        "parameters",
    ]


def test_every_area_and_every_unit_is_registered():
    """A folder left out of AREAS, or a module declaring PHASE left out of its area's UNITS, would never run."""
    from hot_lsp.analysis.rules import AREAS

    folders = {path.name for path in RULES.iterdir() if (path / "__init__.py").exists()}
    assert {area.__name__.rsplit(".", 1)[1] for area in AREAS} == folders
    for area in AREAS:
        folder = RULES / area.__name__.rsplit(".", 1)[1]
        declaring = {path.stem for path in folder.glob("*.py") if re.search(r"^PHASE = ", path.read_text(), re.M)}
        assert {unit.__name__.rsplit(".", 1)[1] for unit in area.UNITS} == declaring, area.__name__


def test_every_whole_instead_leaves_its_code_out(tmp_path: Path):
    """What a rule says to write instead must really be right: each ``instead`` that is a whole document (not a
    description in parentheses, not an indented fragment of one) is analysed like the examples, without its code."""
    from hot_lsp.analysis.model.kind import detect_kind
    from hot_lsp.analysis.validate import Options, analyze
    from hot_lsp.document import parse

    still = []
    checked = 0
    for code in CODES.values():
        text = code.instead
        if text.startswith(("(", " ")):
            continue
        checked += 1
        environment = detect_kind(parse(text).root, text) == "environment"
        if "heat_template_version" not in text and not environment:
            text = "heat_template_version: 2021-04-16\n" + text
        path = tmp_path / code.code / "example.yaml"
        path.parent.mkdir()
        path.write_text(text + "\n")
        if code.code in {d.code for d in analyze(text + "\n", Options(document_path=str(path))).diagnostics}:
            still.append(code.code)
    assert still == [] and checked > 50


def test_every_code_defined_is_registered_by_importing_the_rules():
    """What tools/gen_rules_doc.py and `hot-lsp rules` import must register every code the source defines (a code
    whose module only validate imported was missing from docs/rules.md): counted in a fresh process."""
    defined = set()
    for path in (ROOT / "hot_lsp").rglob("*.py"):
        defined |= set(re.findall(r'define\(\s*"([EWI]\d{4})"', path.read_text(encoding="utf-8")))
    code = (
        "from hot_lsp.analysis import rules; from hot_lsp.cloud import codes; "
        "from hot_lsp.analysis.codes import CODES; print(' '.join(sorted(CODES)))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert defined and defined - set(done.stdout.split()) == set()
