"""Time to build the TripleO overcloud's tree of nested stacks and list its resources, per nested depth.

    python bench/bench_resources.py [--runs N]

The overcloud (tripleo-heat-templates-rendered/overcloud.yaml) with its rendered registry, twice: in place
(the rendered folder only holds the files generated from *.j2.yaml, so most children are missing) and laid
over the raw tree in a temporary folder, as TripleO deploys it. For each nested depth (0, 1, MAX) it prints
the resource count, the first build with no file parsed yet ("cold"), and median / p99 of later builds
(child files parsed once, cached by mtime and size), each including the JSON rows the CLI prints: with the
top-level template read and parsed each time (the CLI), and with it already parsed (the server, whose open
document is analysed once per version).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hot_lsp.analysis.files.template_files import TemplateFiles, clear_cache  # noqa: E402
from hot_lsp.analysis.stack.resource_list import row_json, tree_rows  # noqa: E402
from hot_lsp.analysis.stack.template_tree import MAX_NESTED_DEPTH, build_tree, tree_inputs  # noqa: E402
from hot_lsp.analysis.validate import Analysis  # noqa: E402
from hot_lsp.commands.resources import read_template  # noqa: E402
from hot_lsp.spec import builtin_catalogue  # noqa: E402

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
RAW = CORPUS / "tripleo-heat-templates"
RENDERED = CORPUS / "tripleo-heat-templates-rendered"
REGISTRY = "overcloud-resource-registry-puppet.yaml"


def list_once(folder: Path, depth: int, analysis: Analysis | None = None) -> int:
    """Read the template (unless given, as the server has it) and the registry, build the tree, make the JSON
    rows; the number of rows."""
    files = TemplateFiles()
    inputs = tree_inputs(builtin_catalogue(), [files.environment(str(folder / REGISTRY))])
    template = str(folder / "overcloud.yaml")
    tree = build_tree(analysis or read_template(template), template, inputs, files, depth)
    rows = [row_json(row) for row in tree_rows(tree)]
    json.dumps({"resources": rows})
    return len(rows)


def summary(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return f"median {statistics.median(samples):7.1f} ms  p99 {p99:7.1f} ms"


def measure(name: str, folder: Path, runs: int) -> None:
    print(name)
    for depth in (0, 1, MAX_NESTED_DEPTH):
        clear_cache()
        started = time.perf_counter()
        count = list_once(folder, depth)
        cold = (time.perf_counter() - started) * 1000
        parsed = read_template(str(folder / "overcloud.yaml"))
        samples: dict[str, list[float]] = {"cli": [], "tree": []}
        for _ in range(runs):
            for key, given in (("cli", None), ("tree", parsed)):
                started = time.perf_counter()
                list_once(folder, depth, given)
                samples[key].append((time.perf_counter() - started) * 1000)
        label = "MAX" if depth == MAX_NESTED_DEPTH else str(depth)
        print(f"  depth {label:>3}: {count:4d} resources, cold {cold:6.1f} ms")
        print(f"    with reading overcloud.yaml  {summary(samples['cli'])}")
        print(f"    overcloud.yaml already read  {summary(samples['tree'])}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    if not RENDERED.is_dir():
        print(f"skip: the corpus is not at {CORPUS}")
        return
    measure("overcloud.yaml in place (tripleo-heat-templates-rendered/)", RENDERED, runs)
    with tempfile.TemporaryDirectory() as scratch:
        overlay = Path(scratch) / "tht"
        shutil.copytree(RAW, overlay)
        shutil.copytree(RENDERED, overlay, dirs_exist_ok=True)
        measure("overcloud.yaml over the raw tree (as deployed)", overlay, runs)


if __name__ == "__main__":
    main()
