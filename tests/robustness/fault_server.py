"""The real ``hot-lsp`` server with faults planted, for the crash containment and cancellation tests.

Run as ``python fault_server.py``; everything is the installed server except what the environment asks for:
- ``HOT_LSP_FAULTS``: comma-separated ``feature:<module>.<function>`` (that feature raises for documents whose
  uri contains ``crash``), ``rule`` (one rule module raises on texts holding ``# crash-rule``) and ``analysis``
  (the whole analysis raises on texts holding ``# crash-analysis``) and ``slow`` (the analysis of a text holding
  ``# slow-analysis`` takes SLOW_SECONDS longer, so a test can act while it runs, whatever the machine's load, and
  logs ``SLOW-ANALYSIS of <N> characters``);
- ``HOT_LSP_WATCH_OUTSIDE``: log ``NETWORK`` for every connection attempt (refused) and ``EXEC`` for every
  program started;
- ``HOT_LSP_RECORD``: comma-separated ``<module>.<function>`` of features that log ``RECORD <function> v<N>
  <uri>`` each time they run, so a test can tell which versions were computed.
"""

from __future__ import annotations

import functools
import importlib
import logging
import os
import sys
import time

log = logging.getLogger("fault_server")
SLOW_SECONDS = 3.0


class PlantedFault(RuntimeError):
    """The fault a test planted (not a bug in hot-lsp)."""


def _wrap_feature(qualified: str, wrapper) -> None:
    module_name, function_name = qualified.rsplit(".", 1)
    module = importlib.import_module(f"hot_lsp.features.{module_name}")
    original = getattr(module, function_name)
    setattr(module, function_name, functools.wraps(original)(wrapper(original, function_name)))


def _failing(original, name):
    def feature(snapshot, *args, **kwargs):
        if "crash" in snapshot.uri:
            raise PlantedFault(f"{name} planted fault")
        return original(snapshot, *args, **kwargs)

    return feature


def _recording(original, name):
    def feature(snapshot, *args, **kwargs):
        log.warning("RECORD %s v%s %s", name, snapshot.version, snapshot.uri)
        return original(snapshot, *args, **kwargs)

    return feature


def _plant_rule_fault() -> None:
    from hot_lsp.analysis.rules.outputs import outputs

    original = outputs.check

    def check(context, *args, **kwargs):
        if "# crash-rule" in context.model.parsed.text:
            raise PlantedFault("outputs rule planted fault")
        return original(context, *args, **kwargs)

    outputs.check = check


def _plant_analysis_fault(slow: bool) -> None:
    import hot_lsp.store as store

    original = store.analyze

    def analyze(text, *args, **kwargs):
        if not slow and "# crash-analysis" in text:
            raise PlantedFault("analysis planted fault")
        if slow and "# slow-analysis" in text:
            log.warning("SLOW-ANALYSIS of %d characters", len(text))  # which texts were analysed, for the tests
            time.sleep(SLOW_SECONDS)  # the loop runs on meanwhile (sleep releases the GIL)
        return original(text, *args, **kwargs)

    store.analyze = analyze


def _watch_the_outside() -> None:
    """Log every network connection and every program started (then let a program start, refuse a connection)."""
    import socket
    import subprocess

    def refuse(*args, **kwargs):
        log.warning("NETWORK %r", args)
        raise OSError("network access is forbidden in this test")

    socket.socket.connect = refuse
    socket.socket.connect_ex = refuse
    socket.create_connection = refuse
    socket.getaddrinfo = refuse
    started = subprocess.Popen.__init__

    def popen(self, args, *rest, **kwargs):
        log.warning("EXEC %r", args)
        started(self, args, *rest, **kwargs)

    subprocess.Popen.__init__ = popen
    os.system = lambda command: log.warning("EXEC %r", command) or 1


def plant() -> None:
    if os.environ.get("HOT_LSP_WATCH_OUTSIDE"):
        _watch_the_outside()
    for fault in filter(None, os.environ.get("HOT_LSP_FAULTS", "").split(",")):
        if fault.startswith("feature:"):
            _wrap_feature(fault.removeprefix("feature:"), _failing)
        elif fault == "rule":
            _plant_rule_fault()
        elif fault in ("analysis", "slow"):
            _plant_analysis_fault(slow=fault == "slow")
        else:
            raise SystemExit(f"unknown fault {fault!r}")
    for qualified in filter(None, os.environ.get("HOT_LSP_RECORD", "").split(",")):
        _wrap_feature(qualified, _recording)


if __name__ == "__main__":
    plant()
    from hot_lsp.cli import main

    sys.exit(main(sys.argv[1:]))
