"""``hot-lsp check`` over many files, as a user runs it: one process against every core, files named one by one
against the folder that holds them.

    python bench/bench_check.py [--runs N] [--code DIR]... [--files N] [--only corpus|generated]

Two trees: the corpus (../shared/corpus), and a generated tree of ``--files`` small templates (3,200 by default):
the corpus's YAML files of at most 16 KiB (templates, environment files, and the rest a folder walk skips) copied
again and again into ``copy-NNN/`` folders, each copy keeping the corpus's layout so that its templates still
find their children. Each tree is checked as a folder and with every file named on the command line (in the
order the folder walk finds them), with ``--jobs 1`` and with every core. Every run is the real command in a new
process (start-up included), its output thrown away; the table gives the median and the 90th percentile of the
wall time, the shortest run (on a shared machine, the one least disturbed), and the median CPU time (user and
system, the workers' included), in seconds; then the ratios the issue asks about, of the medians: every core
against one, named against the folder.

What every core can give on this machine is measured in the same run ("shares"): the named files dealt out into one
share per core, each checked by its own ``--jobs 1`` process, all started at once (the wall time until the last
ends). No pool can do better than these independent processes; on a machine whose cores slow each other down
(shared caches, SMT siblings, a busy host), they take more than 1 / cores of one process's time, and "every core /
shares" says how close the pool comes to that ceiling.

``--code DIR`` runs the hot-lsp found in DIR (a checkout of another commit, say) instead of this one; given more
than once, the checkouts take their runs in turn, so that they share the machine's quiet and busy moments. A
version without ``--jobs`` is run as it is (one process) and has no "every core" rows.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bytecode import compile_checkout

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
SUFFIXES = (".yaml", ".yml", ".json", ".template", ".hot")
SKIPPED = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".tox", ".venv", "venv"}
SMALL = 16 * 1024


def walk(folder: Path) -> list[str]:
    """The files ``hot-lsp check folder`` checks, in its order, relative to ``folder``'s parent."""
    found = []
    for directory, subdirs, files in os.walk(folder):
        subdirs[:] = sorted(d for d in subdirs if d not in SKIPPED)
        found.extend(
            os.path.relpath(os.path.join(directory, f), folder.parent) for f in sorted(files) if f.endswith(SUFFIXES)
        )
    return found


def generate(target: Path, count: int) -> None:
    """``count`` small files copied from the corpus into ``target``, each copy in a folder of its own."""
    small = [Path(f).relative_to(CORPUS.name) for f in walk(CORPUS) if (CORPUS.parent / f).stat().st_size <= SMALL]
    made, copy = 0, 0
    while made < count:
        for relative in small:
            if made == count:
                break
            destination = target / f"copy-{copy:03}" / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(CORPUS / relative, destination)
            made += 1
        copy += 1


def supports_jobs(code: Path) -> bool:
    help_text = subprocess.run(
        [sys.executable, "-m", "hot_lsp", "check", "--help"],
        cwd=tempfile.gettempdir(),  # not this checkout's folder, which Python would look in first
        env=_env(code),
        capture_output=True,
        text=True,
    ).stdout
    return "--jobs" in help_text


def _env(code: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(code)}


def run_once(code: Path, cwd: Path, args: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (user and system, of the command and its workers) of one run, in seconds."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "hot_lsp", "check", *args],
        cwd=cwd,
        env=_env(code),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"check {' '.join(args[:3])}... failed ({done.returncode}): {done.stderr[-500:]}")
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime


def run_at_once(code: Path, cwd: Path, each: list[list[str]]) -> tuple[float, float]:
    """Wall time until the last of several ``check`` processes started together ends, and their CPU time."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    running = [
        subprocess.Popen(
            [sys.executable, "-m", "hot_lsp", "check", *args],
            cwd=cwd,
            env=_env(code),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for args in each
    ]
    statuses = [process.wait() for process in running]
    if any(status not in (0, 1) for status in statuses):
        raise SystemExit(f"check of a share failed ({statuses})")
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime


def p90(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]


def bench_tree(name: str, folder: Path, codes: list[Path], runs: int) -> None:
    """Every way of running ``check`` on ``folder``, for every checkout, the runs taken in turn (so that a busy
    moment of the machine falls on all of them alike)."""
    named = walk(folder)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    cases: list[tuple[Path, str, str, list[str]]] = []
    for code in codes:
        jobs = supports_jobs(code)
        for label, job_args in [("1", ["--jobs", "1"] if jobs else [])] + ([(f"{cores}", [])] if jobs else []):
            for given, paths in (("folder", [folder.name]), ("named", named)):
                cases.append((code, given, label, [*paths, *job_args]))
        if jobs and cores > 1:
            cases.append((code, "shares", f"{cores}", []))
    samples: dict[int, list[float]] = {i: [] for i in range(len(cases))}
    cpu: dict[int, list[float]] = {i: [] for i in range(len(cases))}
    shares = [[*named[share::cores], "--jobs", "1"] for share in range(cores)]
    for _ in range(runs):
        for i, (code, given, _, args) in enumerate(cases):
            if given == "shares":
                wall, used = run_at_once(code, folder.parent, shares)
            else:
                wall, used = run_once(code, folder.parent, args)
            samples[i].append(wall)
            cpu[i].append(used)
    print(f"\n{name}: {len(named)} files with YAML/JSON names (the non-HOT ones are read and skipped)")
    print(f"  {'code':<28} {'given as':<8} {'jobs':>4} {'median':>9} {'p90':>9} {'min':>9} {'CPU':>9}")
    median = {(c[0], c[1], c[2]): statistics.median(samples[i]) for i, c in enumerate(cases)}
    for i, (code, given, label, _) in enumerate(cases):
        print(
            f"  {_short(code):<28} {given:<8} {label:>4} {median[code, given, label]:8.2f}s {p90(samples[i]):8.2f}s "
            f"{min(samples[i]):8.2f}s {statistics.median(cpu[i]):8.2f}s"
        )
    for code in codes:
        labels = sorted({c[2] for c in cases if c[0] == code}, key=int)
        for label in labels:
            ratio = median[code, "named", label] / median[code, "folder", label]
            print(f"  {_short(code)}: named / folder, jobs {label}: {ratio:.2f}")
        if len(labels) > 1:
            for given in ("folder", "named"):
                ratio = median[code, given, labels[-1]] / median[code, given, "1"]
                print(f"  {_short(code)}: jobs {labels[-1]} / jobs 1, {given}: {ratio:.2f}")
            if (code, "shares", labels[-1]) in median:
                ceiling = median[code, "shares", labels[-1]]
                print(
                    f"  {_short(code)}: {labels[-1]} shares at once / jobs 1, named: "
                    f"{ceiling / median[code, 'named', '1']:.2f} (the machine's ceiling); "
                    f"jobs {labels[-1]} / shares at once, named: {median[code, 'named', labels[-1]] / ceiling:.2f}"
                )


def _short(code: Path) -> str:
    return str(code) if len(str(code)) <= 28 else "..." + str(code)[-25:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--code", type=Path, action="append", help="a hot-lsp checkout to run (repeatable; default: this one)"
    )
    parser.add_argument("--files", type=int, default=3200, help="files in the generated tree")
    parser.add_argument("--only", choices=("corpus", "generated"))
    args = parser.parse_args()
    if not CORPUS.is_dir():
        raise SystemExit(f"the corpus is not at {CORPUS}")
    codes = [code.resolve() for code in args.code or [ROOT]]
    for code in codes:
        compile_checkout(code)
    print(f"{args.runs} runs of each, in turn; {len(os.sched_getaffinity(0))} cores; load {os.getloadavg()[0]:.2f}")
    if args.only != "generated":
        bench_tree("corpus", CORPUS, codes, args.runs)
    if args.only != "corpus":
        with tempfile.TemporaryDirectory(prefix="bench-check-") as scratch:
            tree = Path(scratch, "generated")
            generate(tree, args.files)
            bench_tree("generated", tree, codes, args.runs)
    print(f"load at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
