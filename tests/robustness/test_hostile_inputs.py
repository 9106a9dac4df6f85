"""Hostile documents through the real server: each gets its diagnostic, in bounded time and memory, and every
request about it is answered. The cases and the measuring live in ``hot_lsp.fuzz.hostile`` (shared with
``bench/bench_fuzz.py --hostile``, which prints the figures).

Bounds are generous on purpose (a loaded CI machine); speed proper is measured in bench/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from robust_session import errors_logged, serving

from hot_lsp.fuzz.hostile import CASES, SELF_NESTING_ENVIRONMENT, Hostile, measure

SECONDS = 30.0  # to diagnostics, and again for all the requests
PEAK_GROWTH_MIB = 400  # the server's peak RSS above what it used before the document


@pytest.fixture(scope="module")
def placed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Path]]:
    root = tmp_path_factory.mktemp("hostile")
    return root, {case.name: case.place(root) for case in CASES}


@pytest.fixture(scope="module")
def server(placed: tuple[Path, dict[str, Path]]):
    root, _ = placed
    with serving(root, options={"environments": [SELF_NESTING_ENVIRONMENT]}) as client:
        yield client


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_hostile_document_is_bounded_and_explained(case: Hostile, server, placed) -> None:
    _, paths = placed
    logged = server.stderr_count
    measured = measure(server, paths[case.name], case, timeout=SECONDS * 2)
    print(
        f"{case.name}: {measured.chars:,} chars, diagnostics {measured.diagnostics_seconds:.2f} s, "
        f"requests {measured.requests_seconds:.2f} s, peak +{measured.peak_growth_kib / 1024:.1f} MiB"
    )
    assert measured.errors == []
    assert measured.codes & case.codes, f"expected one of {sorted(case.codes)}, got {sorted(measured.codes)}"
    assert measured.diagnostics_seconds < SECONDS
    assert measured.requests_seconds < SECONDS
    assert measured.peak_growth_kib < PEAK_GROWTH_MIB * 1024
    if case.located:
        assert measured.located == case.located
    assert errors_logged(server, logged) == []
    assert server.alive()


def test_the_ten_megabyte_file_is_not_read_in_the_editor(server, placed) -> None:
    """Over 4 times Heat's limit the editor reads nothing (E0005 says so), instead of 20 s and 800 MB of work."""
    case = next(c for c in CASES if c.name == "10 MB file")
    measured = measure(server, placed[1][case.name], case, timeout=SECONDS * 2)
    [diagnostic] = measured.diagnostics
    assert diagnostic["code"] == "E0005"
    assert "reads at most 2,097,152" in diagnostic["message"] and "524,288" in diagnostic["message"]
    assert measured.diagnostics_seconds < 5
