"""Run ``hot_lsp.cli.main`` once per argument list in THIS process, each run's stdout and stderr caught at the file
descriptors (so whatever the libraries print is caught too), and write the outcomes as JSON to a file.

For suites that run the real CLI many times: one process pays the imports (openstacksdk's alone costs about a
second of CPU) for many runs. ``python cli_batch.py OUT.json RUNS.json``, RUNS a JSON list of argument lists; OUT a
JSON list of ``{"args", "returncode", "stdout", "stderr"}``. An exception out of ``main`` is printed as Python
prints an uncaught one, with exit status 1, as the standalone process would end.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import traceback
from typing import Any


def run_one(args: list[str]) -> dict[str, Any]:
    from hot_lsp.cli import main

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        sys.stdout.flush()
        sys.stderr.flush()
        saved = os.dup(1), os.dup(2)
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        try:
            try:
                code = main(args)
            except SystemExit as leaving:
                code = leaving.code if isinstance(leaving.code, int) else 1
            except BaseException:
                traceback.print_exc()
                code = 1
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
        out.seek(0)
        err.seek(0)
        return {"args": args, "returncode": code, "stdout": out.read().decode(), "stderr": err.read().decode()}


if __name__ == "__main__":
    with open(sys.argv[2], encoding="utf-8") as given:
        runs = json.load(given)
    outcomes = [run_one(args) for args in runs]
    with open(sys.argv[1], "w", encoding="utf-8") as handle:
        json.dump(outcomes, handle)
