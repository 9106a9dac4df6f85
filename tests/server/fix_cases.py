"""Where the fix round-trip harness's mistakes come from (issue 29): the conformance suite's mutants of corpus
templates Heat accepts (each with its original), the rule fixtures that raise a code, and mutations generated
from real templates for the fix kinds those two give too few of (fix_mutations.py)."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "conformance"))

from fix_check import Edit  # noqa: E402
from fix_merge import merged  # noqa: E402
from replay import apply as apply_edits  # noqa: E402  (the one way a recorded case's edits are made)
from replay import load  # noqa: E402
from shared_paths import CORPUS  # noqa: E402

from hot_lsp import spec  # noqa: E402
from hot_lsp.document import Mapping, Scalar, parse  # noqa: E402

FIXTURES = HERE.parent / "rules" / "fixtures"
MUTANTS_PER_KIND = 16  # per mutation kind in the first pass; the harness stops a kind early once it brings nothing new
LARGEST_SEED = 6_000  # characters; the big TripleO roles cost seconds each and add no new kind of mistake
# Mutation kinds a fix can undo without knowing a lost value: a misspelling, an added unknown key, a lowered
# version. After their fix the evaluation of what the mistake touched must be the original's. (A removed
# property or parameter cannot come back with its value: a fix can only add a placeholder.)
RESTORABLE = frozenset(
    {
        "misspelt_section",
        "misspelt_resource_key",
        "misspelt_output_key",
        "misspelt_function",
        "misspelt_reference",
        "misspelt_resource_type",
        "misspelt_property",
        "misspelt_attribute",
        "misspelt_parameter_key",
        "unknown_property",
        "changed_version",
    }
)


@dataclass
class Case:
    name: str  # for the report
    path: Path  # where the text is opened (its folder is where relative files are read)
    text: str  # the text with the mistake
    source: str  # "mutant", "fixture" or "generated"
    original: str | None = None  # the text before the mistake, when known
    edits: list[Edit] = field(default_factory=list)  # the mistake, in offsets of ``original``
    restorable: bool = False  # a fix can give back the original's meaning
    kinds: frozenset[str] | None = None  # the fix kinds it is made for (None: every fix offered on it)


def mutants(largest: int = 5 * LARGEST_SEED) -> dict[str, list[Case]]:
    """The recorded mutants of each mutation kind, spread over the seeds (one of each seed in turn, the smaller
    seeds first). Every seed is a template Heat accepts as it is, so every mutant has its original."""
    if not CORPUS.is_dir():
        return {}
    recorded = load()
    texts: dict[str, str] = {}
    by_kind: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for case in recorded["cases"]:
        seed = case["seed"]
        if seed not in texts:
            texts[seed] = (CORPUS / seed).read_text(encoding="utf-8")
        if len(texts[seed]) <= largest:
            by_kind[case["kind"]][seed].append(case)
    groups = {}
    for kind, seeds in sorted(by_kind.items()):
        queues = [cases for _, cases in sorted(seeds.items(), key=lambda item: (len(texts[item[0]]), item[0]))]
        chosen: list[Case] = []
        while any(queues):
            for queue in queues:
                if queue:
                    case = queue.pop(0)
                    edits: list[Edit] = [(a, b, new) for a, b, new in case["edits"]]
                    original = texts[case["seed"]]
                    text = apply_edits(original, edits)
                    chosen.append(
                        Case(case["id"], CORPUS / case["seed"], text, "mutant", original, edits, kind in RESTORABLE)
                    )
        groups[kind] = chosen
    return groups


def fixtures() -> list[Case]:
    """Each rule fixture that raises its code: the file ``hot-lsp check`` is run on there."""
    cases = []
    for folder in sorted(FIXTURES.glob("*/raises*")):
        spec = json.loads((folder / "fixture.json").read_text()) if (folder / "fixture.json").exists() else {}
        if spec.get("pad"):
            continue  # the size codes: megabytes of padding, no fix
        named = [name for name in ("template.yaml", "env.yaml") if (folder / name).exists()]
        if len(named) != 1:
            continue
        try:
            text = (folder / named[0]).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # the encoding codes' files: the server is sent text, not bytes
        cases.append(Case(f"{folder.parent.name}/{folder.name}", folder / named[0], text, "fixture"))
    return cases


def seeds() -> list[Case]:
    """The conformance seeds as they are: templates Heat accepts, whose own warnings and hints have fixes too."""
    return [Case(f"seed {name}", CORPUS / name, text, "seed") for name, text in real_files(False, LARGEST_SEED)]


def real_files(environments: bool, largest: int = 2 * LARGEST_SEED) -> list[tuple[str, str]]:
    """Real templates (the conformance seeds, smallest first) or real environment files of the corpus, as
    (name, text)."""
    if not CORPUS.is_dir():
        return []
    if environments:
        paths = [p for p in sorted(CORPUS.rglob("*.yaml")) if _is_environment(p)]
    else:
        paths = [CORPUS / seed for seed in load()["seeds"]]
    files = [(str(path.relative_to(CORPUS)), path.read_text(encoding="utf-8")) for path in paths]
    return sorted((f for f in files if len(f[1]) <= largest), key=lambda f: (len(f[1]), f[0]))


def generated(fixture: Case, kinds: frozenset[str], count: int) -> list[Case]:
    """Up to ``count`` real files with ``fixture``'s mistake made in them (fix_merge.merged), opened where the
    fixture is, so the files it names are found; only the fixes of ``kinds`` are judged there. A real template is
    taken only when written for a version no newer than the fixture's corrected one, so that its own content
    stays valid in the fixture's version."""
    environment = fixture.path.name == "env.yaml"
    ceiling = _version(fixture.path.parent.parent / "near" / fixture.path.name) or _version(fixture.path)
    cases = []
    for name, text in real_files(environment, 2 * LARGEST_SEED if environment else LARGEST_SEED):
        if not environment and (ceiling is None or (_version_of(text) or "9999") > ceiling):
            continue
        joined = merged(fixture.text, text)
        if joined is not None:
            cases.append(Case(f"{fixture.name} in {name}", fixture.path, joined, "generated", kinds=kinds))
        if len(cases) >= count:
            break
    return cases


def _is_environment(path: Path) -> bool:
    text = path.read_text(encoding="utf-8", errors="replace")
    return "heat_template_version" not in text and any(
        line.startswith(("resource_registry:", "parameter_defaults:")) for line in text.splitlines()
    )


def mutated(
    kind: str, mutate: Callable[[str], Iterator[tuple[str, list[Edit], bool]]], environments: bool, count: int
) -> list[Case]:
    """Up to ``count`` real files with ``mutate``'s mistake made in them, for the fix kind ``kind``."""
    cases = []
    for name, text in real_files(environments, largest=10 * LARGEST_SEED):
        for note, edits, restorable in mutate(text):
            made = apply_edits(text, edits)
            cases.append(
                Case(f"{name} ({note})", CORPUS / name, made, "generated", text, edits, restorable, frozenset({kind}))
            )
            break  # one per template: the fix is tried in as many templates as can be
        if len(cases) >= count:
            break
    return cases


def _version(path: Path) -> str | None:
    return _version_of(path.read_text(encoding="utf-8")) if path.exists() else None


def _version_of(text: str) -> str | None:
    """The date of the HOT version a template is written for, None when it names none Heat knows."""
    root = parse(text).root
    value = root.get("heat_template_version") if isinstance(root, Mapping) else None
    known = spec.lookup_version(str(value.value)) if isinstance(value, Scalar) else None
    return known.date if known is not None else None
