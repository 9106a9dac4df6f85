"""``hot-lsp fuzz``: seeded episodes against real server processes for a while, then a report.

    hot-lsp fuzz --corpus DIR [--minutes N | --episodes N] [--seed S] [--steps N] [--failures DIR]

Two servers run side by side, as two kinds of editor: one pushing diagnostics with UTF-16 positions (VS Code),
one pulled with UTF-8 (Neovim 0.11); episodes alternate between them, on one long-lived process each, so state
that builds up across documents is exercised too. Episode ``k`` uses seed ``S + k``; a failure names its seed,
and ``--seed <it> --episodes 1`` sends the same messages again. Exit status: 0 no failure, 1 failures (written
to ``--failures``), 2 usage.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from .client import SERVER_COMMAND, LspClient
from .episode import Episode, Failure, Source, Stats

SUFFIXES = (".yaml", ".yml", ".json", ".template", ".hot")
MAX_SOURCE_BYTES = 200_000  # bigger files make episodes slow without finding more
DEFAULT_DEBOUNCE_MS = "20"  # an extra wait before each analysis (the server's default is none)


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    pull: bool
    encoding: str


PROFILES = (Profile("push, utf-16", False, "utf-16"), Profile("pull, utf-8", True, "utf-8"))


def load_sources(folders: Sequence[str | os.PathLike[str]]) -> list[Source]:
    """Every YAML/JSON text file below ``folders`` (UTF-8, at most MAX_SOURCE_BYTES), in path order."""
    found = []
    for folder in folders:
        for path in sorted(Path(folder).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file() or path.stat().st_size > MAX_SOURCE_BYTES:
                continue
            try:
                found.append(Source(str(path), path.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError):
                continue
    return found


class Servers:
    """One server per profile, restarted when one dies (a death is reported by the episode that saw it)."""

    def __init__(self, root: str, debounce_ms: str, command: Sequence[str] = SERVER_COMMAND) -> None:
        self.root = Path(root).resolve().as_uri()
        self.env = {"HOT_LSP_DEBOUNCE_MS": debounce_ms}
        self.command = command
        self.cwd = tempfile.mkdtemp(prefix="hot-lsp-fuzz-")  # nothing relative to the cwd is read
        self.clients: dict[str, LspClient] = {}
        self.started = 0

    def client(self, profile: Profile) -> LspClient:
        client = self.clients.get(profile.name)
        if client is None or not client.alive():
            if client is not None:
                client.kill()
            client = LspClient(self.command, env=self.env, cwd=self.cwd)
            client.initialize(self.root, pull=profile.pull, encoding=profile.encoding)
            self.clients[profile.name] = client
            self.started += 1
        return client

    def memory(self) -> dict[str, dict[str, int]]:
        return {name: client.memory_kib() for name, client in self.clients.items()}

    def stop(self) -> list[str]:
        """Shut every server down; what went wrong doing so."""
        problems = []
        for name, client in self.clients.items():
            code = client.shutdown()
            if code != 0:
                problems.append(f"{name}: the server did not exit cleanly after shutdown (exit code {code})")
        with contextlib.suppress(OSError):
            os.rmdir(self.cwd)  # empty: the servers write nothing
        return problems


def episodes(
    servers: Servers, sources: Sequence[Source], seed: int, count: int | None, seconds: float | None, steps: int
) -> Iterator[tuple[int, Profile, Stats]]:
    """Run episodes until ``count`` are done or ``seconds`` have passed (whichever is given, or first)."""
    started = time.monotonic()
    index = 0
    while (count is None or index < count) and (seconds is None or time.monotonic() - started < seconds):
        profile = PROFILES[(seed + index) % len(PROFILES)]  # by seed, so a replay uses the same profile
        episode = Episode(
            servers.client(profile),
            seed + index,
            sources,
            steps=steps,
            encoding=profile.encoding,
            pull=profile.pull,
        )
        yield seed + index, profile, episode.run()
        index += 1


def write_failures(stats: Stats, folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for number, failure in enumerate(stats.failures):
        path = folder / f"seed-{failure.seed}-step-{failure.step}-{number}.txt"
        path.write_text(failure.describe(text_chars=10**7), encoding="utf-8", errors="surrogatepass")
        written.append(path)
    return written


def report(stats: Stats, minutes: float, episode_count: int, starts: int, memory: dict[str, dict[str, int]]) -> str:
    kinds = Counter(failure.what.split(":")[0][:120] for failure in stats.failures)
    lines = [
        f"hot-lsp fuzz: {minutes:.1f} min, {episode_count} episodes, {starts} server starts",
        f"  documents opened:   {stats.documents:,}",
        f"  versions sent:      {stats.versions:,} (opens and changes)",
        f"  requests answered:  {stats.requests:,} ({stats.answered_modified:,} ContentModified/cancelled)",
        f"  slowest answer:     {stats.slowest * 1000:.0f} ms ({stats.slowest_method})",
        f"  server memory at the end (KiB): {memory}",
        f"  failures:           {len(stats.failures)}",
    ]
    lines += [f"    {count} x {what}" for what, count in kinds.most_common(20)]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="hot-lsp fuzz",
        description="Drive real hot-lsp servers with mutated templates and every request at random positions; "
        "report documents, requests and failures (see docs/limits.md).",
    )
    parser.add_argument("--corpus", action="append", default=[], metavar="DIR", help="templates to start from")
    parser.add_argument("--minutes", type=float, default=None, help="run for this long (default 1 without --episodes)")
    parser.add_argument("--episodes", type=int, default=None, help="run this many episodes")
    parser.add_argument("--seed", type=int, default=0, help="the first episode's seed (episode k uses seed+k)")
    parser.add_argument("--steps", type=int, default=40, help="actions per episode")
    parser.add_argument("--failures", default="fuzz-failures", metavar="DIR", help="where failures are written")
    parser.add_argument("--debounce-ms", default=DEFAULT_DEBOUNCE_MS, help="the servers' HOT_LSP_DEBOUNCE_MS")
    options = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if not options.corpus:
        parser.error("give at least one --corpus DIR of templates to mutate")
    sources = load_sources(options.corpus)
    if not sources:
        parser.error(f"no YAML or JSON files under {options.corpus}")
    seconds = options.minutes * 60 if options.minutes is not None else (None if options.episodes else 60.0)
    servers = Servers(os.path.commonpath([str(Path(c).resolve()) for c in options.corpus]), options.debounce_ms)
    total = Stats()
    count = 0
    started = time.monotonic()
    try:
        for _seed, profile, stats in episodes(servers, sources, options.seed, options.episodes, seconds, options.steps):
            total.add(stats)
            count += 1
            for failure in stats.failures:
                print(f"FAILURE ({profile.name}) " + failure.describe(text_chars=600), file=sys.stderr, flush=True)
            if count % 25 == 0:
                elapsed = (time.monotonic() - started) / 60
                rss = {name: memory.get("VmRSS", 0) // 1024 for name, memory in servers.memory().items()}
                print(
                    f"[{elapsed:.1f} min] {count} episodes, {total.requests:,} requests, "
                    f"{len(total.failures)} failures, server RSS MiB {rss}",
                    file=sys.stderr,
                    flush=True,
                )
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
    finally:
        memory_at_end = servers.memory()
        for problem in servers.stop():
            total.failures.append(Failure(seed=-1, step=0, what=problem))
    minutes = (time.monotonic() - started) / 60
    print(report(total, minutes, count, servers.started, memory_at_end))
    if total.failures:
        written = write_failures(total, Path(options.failures))
        print(f"failures written to {written[0].parent}/ ({len(written)} files)")
        return 1
    return 0
