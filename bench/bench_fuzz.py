"""The long robustness run, and the hostile inputs' figures. Figures and failures, not a pass/fail test.

    python bench/bench_fuzz.py --minutes 10 [--seed S] [--corpus DIR]...   # the fuzzer (hot-lsp fuzz)
    python bench/bench_fuzz.py --hostile                                     # time and memory per hostile input

The fuzzer runs ``hot-lsp fuzz`` on the shared corpus (``../shared/corpus``) unless ``--corpus`` names other
folders; failures are written to ``fuzz-failures/``. ``--hostile`` opens each document of
``hot_lsp.fuzz.hostile.CASES`` in one real server and prints seconds to diagnostics, seconds for every request
about it, and the server's peak memory growth.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hot_lsp.fuzz.client import LspClient  # noqa: E402
from hot_lsp.fuzz.hostile import CASES, SELF_NESTING_ENVIRONMENT, measure  # noqa: E402
from hot_lsp.fuzz.run import main as fuzz  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"


def hostile() -> int:
    root = Path(tempfile.mkdtemp(prefix="hot-lsp-hostile-"))
    paths = {case.name: case.place(root) for case in CASES}
    settings = {"environments": [SELF_NESTING_ENVIRONMENT]}
    client = LspClient(configuration=settings)
    client.initialize(root.as_uri(), options=settings)
    print(f"{'input':<52} {'chars':>11} {'to diagnostics':>15} {'requests':>9} {'peak +MiB':>10}  codes")
    failed = 0
    for case in CASES:
        m = measure(client, paths[case.name], case)
        ok = bool(m.codes & case.codes) and not m.errors and (not case.located or m.located == case.located)
        failed += not ok
        print(
            f"{m.name:<52} {m.chars:>11,} {m.diagnostics_seconds:>13.2f} s {m.requests_seconds:>7.2f} s "
            f"{m.peak_growth_kib / 1024:>10.1f}  {','.join(sorted(m.codes & case.codes)) or sorted(m.codes)}"
            + ("" if ok else f"  FAILED {m.errors[:2]}")
        )
    print(f"server RSS at the end: {client.memory_kib().get('VmRSS', 0) / 1024:.1f} MiB; alive: {client.alive()}")
    client.shutdown()
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hostile", action="store_true", help="measure the hostile inputs instead of fuzzing")
    options, rest = parser.parse_known_args()
    if options.hostile:
        return hostile()
    if "--corpus" not in rest:
        if not CORPUS.is_dir():
            parser.error(f"no corpus at {CORPUS}; give --corpus DIR")
        rest += ["--corpus", str(CORPUS)]
    if "--minutes" not in rest and "--episodes" not in rest:
        rest += ["--minutes", "10"]
    return fuzz(rest)


if __name__ == "__main__":
    raise SystemExit(main())
