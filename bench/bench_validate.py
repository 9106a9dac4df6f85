"""Parse + validate time on the corpus's largest templates, against a bare C-accelerated ruamel.yaml compose.

    python bench/bench_validate.py [--runs N]

Prints median and p99 in ms per file, and the ratio (parse+validate) / compose. "As a file" analyses the text as the
file it is (children and get_file targets looked at; the TripleO overcloud with its rendered registry), as the CLI
and the editor do; the plain figure is the text alone. The compose baseline is
measured with garbage collection paused too (our parser pauses it), so the ratio is not flattered by GC.

"After an edit" is what the editor does on a keystroke: a one-character edit inside the first parameter's
description (typed, then deleted, in turn), analysed as a file from the previous text's reading (its unchanged
pieces are taken, and the model's facts of unchanged entries), with the garbage collector running.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

from ruamel.yaml import YAML

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hot_lsp.analysis.validate import Options, analyze  # noqa: E402
from hot_lsp.document import parse  # noqa: E402
from hot_lsp.document.positions import LineIndex  # noqa: E402

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
FILES = [
    "tripleo-heat-templates/network/endpoints/endpoint_map.yaml",
    "tripleo-heat-templates/deployment/nova/nova-compute-container-puppet.yaml",
    "magnum/magnum/drivers/k8s_fedora_coreos_v1/templates/kubecluster.yaml",
    "tripleo-heat-templates-rendered/overcloud.yaml",
    "tripleo-heat-templates/deployment/aodh/aodh-base.yaml",
]
# Environment files a template is analysed with "as a file" (their resource_registry maps its types to templates).
ENVIRONMENTS = {
    "tripleo-heat-templates-rendered/overcloud.yaml": (
        "tripleo-heat-templates-rendered/overcloud-resource-registry-puppet.yaml",
    ),
}


def timed_rounds(fns: dict[str, object], runs: int) -> dict[str, list[float]]:
    """Round-robin: each round runs every function once, so machine noise hits all of them alike."""
    for fn in fns.values():
        fn()  # warm up
    samples: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(runs):
        for name, fn in fns.items():
            started = time.perf_counter()
            fn()
            samples[name].append((time.perf_counter() - started) * 1000)
    return samples


def summary(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return f"median {statistics.median(samples):7.1f} ms  p99 {p99:7.1f} ms"


class Edits:
    """One-character edits inside the first parameter's description, each analysed from the previous reading with
    the line index shifted from the previous one, as the server's store does (``LineIndex.edited``, timed too)."""

    def __init__(self, text: str, options: Options) -> None:
        self.text = text
        self.options = options
        self.at = text.index("description:", text.index("parameters:")) + len("description: ")
        self.typed = False
        self.lines = LineIndex(text)
        self.previous = analyze(text, options, lines=self.lines)

    def analyse_next(self) -> None:
        at = self.at
        self.lines = self.lines.edited(at, at + 1, "") if self.typed else self.lines.edited(at, at, "x")
        self.text = self.lines.text
        self.typed = not self.typed
        self.previous = analyze(self.text, self.options, self.previous.parsed, self.lines)


def compose_paused(yaml: YAML, text: str) -> None:
    gc.disable()
    try:
        yaml.compose(text)
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    yaml = YAML(typ="safe", pure=False)
    for rel in FILES:
        path = CORPUS / rel
        if not path.exists():
            print(f"skip {rel}: not found")
            continue
        text = path.read_text(encoding="utf-8")
        as_file = Options(
            document_path=str(path), environment_paths=tuple(str(CORPUS / env) for env in ENVIRONMENTS.get(rel, ()))
        )
        edits = Edits(text, as_file)
        samples = timed_rounds(
            {
                "edit": edits.analyse_next,
                "compose": lambda text=text: compose_paused(yaml, text),
                "compose_gc": lambda text=text: yaml.compose(text),
                "tree": lambda text=text: parse(text),
                "full": lambda text=text: analyze(text),
                "file": lambda text=text, options=as_file: analyze(text, options),
            },
            runs,
        )
        compose, compose_gc, tree, full, file = (samples[k] for k in ("compose", "compose_gc", "tree", "full", "file"))
        lines = text.count("\n")
        print(f"{rel} ({lines} lines)")
        print(f"  ruamel C compose (GC paused)  {summary(compose)}")
        print(f"  ruamel C compose (GC on)      {summary(compose_gc)}")
        print(f"  hot-lsp parse (tree only)     {summary(tree)}")
        print(f"  hot-lsp parse + validate      {summary(full)}")
        print(f"  ... as a file (cross-file)    {summary(file)}")
        print(f"  ... after an edit (as a file) {summary(samples['edit'])}")
        ratio = statistics.median(full) / statistics.median(compose)
        print(f"  parse+validate / compose = {ratio:.2f} (validation adds {100 * (ratio - 1):+.0f}%)")
        edit_ratio = statistics.median(samples["edit"]) / statistics.median(compose_gc)
        print(f"  after an edit / compose (GC on) = {edit_ratio:.2f}")


if __name__ == "__main__":
    main()
