"""Time to index the workspace: the corpus's TripleO tree and the whole corpus.

    python bench/bench_index.py [--runs N]

For each tree: "cold" is the first index in this process (every file read and parsed, the parser's first use
included); "full" is a new index of the same tree again (every file read and parsed; the OS has the files
cached); "warm" is a refresh of an existing index when nothing changed (each file only stat'ed, as the server
does when it scans again); "one file" is reading one changed template back in (what a save or a watched-file
event costs). Then the questions the cross-file features ask, on the TripleO tree with its rendered registry:
linking every template resource to its child (after any change), the parents of a role template, and every
parameter name declared. Prints median and p99 in ms. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hot_lsp.analysis.files.template_files import TemplateFiles  # noqa: E402
from hot_lsp.analysis.files.template_resources import registry_for  # noqa: E402
from hot_lsp.analysis.validate import resource_catalogue  # noqa: E402
from hot_lsp.analysis.workspace.workspace_index import (
    WorkspaceIndex,
    build_index,
    candidate_files,
    read_indexed_file,
    refresh_index,
)

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
TRIPLEO = (CORPUS / "tripleo-heat-templates", CORPUS / "tripleo-heat-templates-rendered")
REGISTRY = CORPUS / "tripleo-heat-templates-rendered" / "overcloud-resource-registry-puppet.yaml"
ROLE = CORPUS / "tripleo-heat-templates-rendered" / "common" / "services" / "controller-role.yaml"
CHANGED = CORPUS / "tripleo-heat-templates" / "deployment" / "nova" / "nova-compute-container-puppet.yaml"


def timed(action: Callable[[], object], runs: int) -> list[float]:
    samples = []
    for _ in range(runs):
        began = time.perf_counter()
        action()
        samples.append((time.perf_counter() - began) * 1000)
    return samples


def row(label: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return f"  {label:<40} median {statistics.median(samples):8.1f} ms   p99 {p99:8.1f} ms"


def bench_tree(name: str, roots: tuple[Path, ...], runs: int) -> None:
    folders = [str(root) for root in roots]
    candidates = len(candidate_files(folders))
    began = time.perf_counter()
    index = build_index(folders)
    cold = (time.perf_counter() - began) * 1000
    templates = sum(1 for _ in index.files("template"))
    print(f"{name}: {candidates} candidate files, {len(index)} HOT ({templates} templates)")
    print(f"  {'cold (first index in the process)':<40} {cold:8.1f} ms")
    print(row("full (a new index, files cached by the OS)", timed(lambda: build_index(folders), runs)))
    print(row("warm (refresh, nothing changed)", timed(lambda: refresh_index(index, folders), runs)))


def bench_questions(runs: int) -> None:
    registry = registry_for(resource_catalogue(()), [str(REGISTRY)], TemplateFiles(None))
    index = build_index([str(root) for root in TRIPLEO], registry, [str(REGISTRY)])
    print("TripleO questions (with the rendered registry)")
    print(row("one changed file read back in", timed(lambda: read_indexed_file(str(CHANGED)), runs)))

    def relink() -> int:
        index.set_registry(registry, [str(REGISTRY)])  # drops every link, as a changed registry does
        return len(index.parents_of(str(ROLE)))

    print(row("link every template resource", timed(relink, runs)))
    print(row("parents of controller-role.yaml (linked)", timed(lambda: index.parents_of(str(ROLE)), runs)))
    print(row("every declared parameter name (cold)", timed(lambda: _names(index), runs)))
    links = sum(len(index.children_of(record.path)) for record in index.files("template"))
    print(f"  {links} template resources linked; {len(index.parameter_names())} parameter names")


def _names(index: WorkspaceIndex) -> int:
    index._names = None  # as after any change
    return len(index.parameter_names())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    if not CORPUS.is_dir():
        sys.exit(f"the corpus is not at {CORPUS}")
    bench_tree("TripleO (raw and rendered)", TRIPLEO, options.runs)
    bench_tree("whole corpus", (CORPUS,), options.runs)
    bench_questions(options.runs)


if __name__ == "__main__":
    main()
