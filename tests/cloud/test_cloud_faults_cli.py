"""Every cloud command against every misbehaving cloud (tests/fault_clouds.py): the real CLI in its own process.

An answer that is not Heat's is never taken as Heat's verdict: each command exits 2 with exactly one line on stderr
naming the cloud and its host, saying what was wrong, no traceback and no library internals. The ``-later`` clouds
answer the first lookup as Heat would, so ``preview --stack``'s, ``resources --stack``'s and ``catalogue``'s second
request meets the fault.

The whole matrix runs the real ``main`` of the CLI in separate processes, one per command (tests/cloud/cli_batch.py
catches each run's output at the file descriptors), in parallel; a process per run would cost about a second of CPU
each in openstacksdk's imports alone. A run per command in a process of its own checks that a standalone process
ends the same way.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from fault_clouds import FAULTS, MORE_FAULTS, SHORT_TIMEOUT_S, FaultClouds, fault_clouds  # noqa: E402

BATCH = Path(__file__).with_name("cli_batch.py")
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "web_server.yaml"

# command name -> its arguments, CLOUD standing for the cloud
COMMANDS: dict[str, list[str]] = {
    "check": ["check", str(EXAMPLE), "--os-cloud", "CLOUD"],
    "preview": ["preview", str(EXAMPLE), "--os-cloud", "CLOUD"],
    "preview --stack": ["preview", str(EXAMPLE), "--stack", "web", "--os-cloud", "CLOUD"],
    "resources --stack": ["resources", "--stack", "web", "--os-cloud", "CLOUD"],
    "catalogue": ["catalogue", "--os-cloud", "CLOUD"],
    "failures": ["failures", "--stack", "web", "--os-cloud", "CLOUD"],
    "events": ["events", "--stack", "web", "--os-cloud", "CLOUD"],
}
# the commands whose second request the -later clouds reach
SECOND_REQUEST = ("preview --stack", "resources --stack", "catalogue", "failures", "events")

# fault -> what the one line must say
SAYS: dict[str, str] = {
    "empty-200": "did not answer {asked} like Heat: an empty answer (HTTP 200)",
    "empty-object": "like Heat: a JSON object without",
    "list": "like Heat: a JSON list where Heat answers an object",
    "html": "like Heat: an HTML page (HTTP 200)",
    "truncated-json": "like Heat: JSON cut short (HTTP 200)",
    "closed": "the connection to {host} was closed before Heat answered",
    "trace-500": "Heat at http://{host} answered HTTP 500 (Internal Server Error)",
    "redirect-loop-absolute": "like Heat: it redirects in a loop (HTTP 302",
    "redirect-loop-relative": "like Heat: it redirects in a loop (HTTP 302",
    "hang": f"{{host}} did not answer within {SHORT_TIMEOUT_S} s (api_timeout in clouds.yaml)",
    "redirect-nowhere": "like Heat: a redirect (HTTP 302) to 'mailto:heat@example.org', which is not a web address",
    "not-found-html": "like Heat: HTTP 404 (Not Found) without Heat's error document",
}
ALL_FAULTS = (*FAULTS, *MORE_FAULTS)
# the request each command's fault meets, as messages name it
ASKED = {
    ("check", False): "the build_info request",  # asked first: which Heat release the cloud runs
    ("preview", False): "the stack preview",
    ("preview --stack", False): "the stack lookup",
    ("resources --stack", False): "the stack lookup",
    ("catalogue", False): "the resource type listing",
    ("preview --stack", True): "the stack update preview",
    ("resources --stack", True): "the stack's resource listing",
    ("catalogue", True): "a resource type schema request",
    ("failures", False): "the stack lookup",
    ("events", False): "the stack lookup",
    ("failures", True): "the stack's resource listing",
    ("events", True): "the stack's event listing",
}
# what a message must never pass through from the libraries under it
INTERNALS = ("Traceback", "UnknownConnectionError", "ConnectFailure", "Invalid URL", "No scheme supplied", "pool")
INTERNALS += ("object at 0x", "RemoteDisconnected", "HTTPConnection", "sqlalchemy", "(most recent call last)")

CASES = [(fault, command, False) for fault in ALL_FAULTS for command in COMMANDS]
CASES += [(fault, command, True) for fault in ALL_FAULTS for command in SECOND_REQUEST]


def environment(clouds: FaultClouds) -> dict[str, str]:
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(clouds.clouds_yaml.parent),
        "OS_CLIENT_CONFIG_FILE": str(clouds.clouds_yaml),
    }


def run(args: list[str], clouds: FaultClouds) -> subprocess.CompletedProcess[str]:
    """The CLI as a process of its own."""
    code = "import sys; from hot_lsp.cli import main; sys.exit(main(sys.argv[1:]))"
    command = [sys.executable, "-c", code, *args]
    return subprocess.run(command, capture_output=True, text=True, env=environment(clouds), timeout=120)


def run_batch(runs: list[list[str]], clouds: FaultClouds) -> list[subprocess.CompletedProcess[str]]:
    """The CLI run once per argument list, all in one process (cli_batch.py)."""
    folder = clouds.clouds_yaml.parent
    name = f"batch-{abs(hash(json.dumps(runs)))}"
    (folder / f"{name}.in.json").write_text(json.dumps(runs))
    command = [sys.executable, str(BATCH), str(folder / f"{name}.out.json"), str(folder / f"{name}.in.json")]
    done = subprocess.run(command, capture_output=True, text=True, env=environment(clouds), timeout=300)
    assert done.returncode == 0 and not done.stderr, done.stderr
    found = json.loads((folder / f"{name}.out.json").read_text())
    return [subprocess.CompletedProcess(o["args"], o["returncode"], o["stdout"], o["stderr"]) for o in found]


def arguments(clouds: FaultClouds, fault: str, command: str, later: bool) -> list[str]:
    return [clouds.cloud(fault, later) if arg == "CLOUD" else arg for arg in COMMANDS[command]]


@pytest.fixture(scope="module")
def clouds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FaultClouds]:
    with fault_clouds(tmp_path_factory.mktemp("fault-clouds"), ALL_FAULTS) as running:
        yield running


@pytest.fixture(scope="module")
def outcomes(clouds: FaultClouds) -> dict[tuple[str, str, bool], subprocess.CompletedProcess[str]]:
    """Every case run once: a process per command and -later, all at once (each mostly waits for a cloud)."""
    groups: dict[tuple[str, bool], list[tuple[str, str, bool]]] = {}
    for case in CASES:
        groups.setdefault((case[1], case[2]), []).append(case)

    def one(cases: list[tuple[str, str, bool]]) -> list[subprocess.CompletedProcess[str]]:
        return run_batch([arguments(clouds, *case) for case in cases], clouds)

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=len(groups)) as pool:
        done = {
            case: outcome
            for cases, ran in zip(groups.values(), pool.map(one, groups.values()), strict=True)
            for case, outcome in zip(cases, ran, strict=True)
        }
    print(f"{len(CASES)} CLI runs in {len(groups)} processes in {time.monotonic() - started:.1f} s")
    return done


@pytest.mark.parametrize(
    ("fault", "command", "later"),
    CASES,
    ids=[f"{fault}-{command}{'-later' * later}" for fault, command, later in CASES],
)
def test_a_cloud_that_does_not_answer_like_heat_is_one_line_and_exit_2(
    outcomes: dict[tuple[str, str, bool], subprocess.CompletedProcess[str]],
    clouds: FaultClouds,
    fault: str,
    command: str,
    later: bool,
) -> None:
    done = outcomes[(fault, command, later)]
    cloud, host = clouds.cloud(fault, later), clouds.host(fault, later)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, (done.returncode, done.stdout[-500:], done.stderr)
    assert len(lines) == 1, done.stderr
    line = lines[0]
    assert f"'{cloud}'" in line and host in line, line
    expected = SAYS[fault].format(host=host, asked=ASKED[(command, later)])
    assert expected in line, line
    if "like Heat" in expected:
        assert f"did not answer {ASKED[(command, later)]} like Heat" in line, line
    assert not any(internal in done.stderr for internal in INTERNALS), line
    assert "accepted" not in done.stdout + done.stderr


# one fault per command, rotating, in a process of its own: it ends as the batch's run of the same case did
ALONE = [
    (fault, command, False)
    for fault, command in zip(("list", "empty-object", "closed", "trace-500", "html", "truncated-json", "hang"), COMMANDS, strict=True)
]


def test_a_standalone_process_ends_as_the_batch_run_did(
    outcomes: dict[tuple[str, str, bool], subprocess.CompletedProcess[str]], clouds: FaultClouds
) -> None:
    with ThreadPoolExecutor(max_workers=len(ALONE)) as pool:
        alone = list(pool.map(lambda case: run(arguments(clouds, *case), clouds), ALONE))
    for case, done in zip(ALONE, alone, strict=True):
        batched = outcomes[case]
        assert (done.returncode, done.stderr) == (batched.returncode, batched.stderr), case


def test_the_later_clouds_were_asked_twice(
    outcomes: dict[tuple[str, str, bool], subprocess.CompletedProcess[str]], clouds: FaultClouds
) -> None:
    # The lookup was answered and the second request sent: the fault met the command's second step.
    for fault in ALL_FAULTS:
        assert clouds.requests(fault, later=True) >= 2 * len(SECOND_REQUEST), fault
