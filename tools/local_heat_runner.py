"""Heat 27's API and engine in one process, for tools/local_heat.py (runs inside the Heat venv only).

Usage: ``HEAT_VENV/bin/python tools/local_heat_runner.py --config-file heat.conf --port PORT``.

Why one process: the in-process message transport (``transport_url = fake://``) only reaches the same
process, so the engine service is started here with ``start()`` (oslo.service's launcher would fork it away)
and the ``heat-api`` paste app is served beside it by the standard library's wsgiref, one thread a request.
It binds 127.0.0.1 only: the API runs with the noauth flavour (../shared/reference/live-heat.md).
SIGTERM or SIGINT stops the HTTP server, then the engine, then the process.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

HOST = "127.0.0.1"


class ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    """One thread a request: the engine's RPC calls block, and a client may poll while a stack is created."""

    daemon_threads = True
    allow_reuse_address = True


class QuietHandler(WSGIRequestHandler):
    """Access lines go to stderr (the runner's log), without reverse DNS look-ups."""

    def address_string(self) -> str:
        return str(self.client_address[0])


def start_engine(config_file: str) -> Any:
    """Configure Heat from ``config_file`` and start its engine service in this process; returns the service."""
    from oslo_service import backend

    backend.init_backend(backend.BackendType.THREADING)  # before anything imports oslo_service.service

    import oslo_i18n
    from heat import version
    from heat.common import config, messaging, profiler
    from heat.engine import template
    from heat.rpc import api as rpc_api
    from oslo_config import cfg
    from oslo_log import log as logging

    oslo_i18n.enable_lazy()
    conf = cfg.CONF
    logging.register_options(conf)
    conf(
        args=["--config-file", config_file],
        project="heat",
        prog="heat-api",
        version=version.version_info.version_string(),
    )
    logging.setup(conf, "heat")
    config.set_config_defaults()
    messaging.setup()
    config.startup_sanity_check()
    if not template._get_template_extension_manager().names():
        sys.exit("local_heat_runner: no template format plugins registered")
    profiler.setup("heat-engine", conf.host)

    from heat.engine import service as engine

    service = engine.EngineService(conf.host, rpc_api.ENGINE_TOPIC)
    service.start()
    return service


def load_api() -> Any:
    from heat.common import config

    return config.load_paste_app("heat-api")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config-file", required=True)
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()

    service = start_engine(args.config_file)
    app = load_api()
    server = make_server(HOST, args.port, app, server_class=ThreadingWSGIServer, handler_class=QuietHandler)
    stopping = threading.Event()

    def on_signal(signum: int, _frame: object) -> None:
        stopping.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    serving = threading.Thread(target=server.serve_forever, name="wsgi", daemon=True)
    serving.start()
    print(f"local_heat_runner: serving heat-api on http://{HOST}:{args.port}/", file=sys.stderr, flush=True)
    while not stopping.wait(1.0):
        if not serving.is_alive():
            break
    server.shutdown()
    server.server_close()
    # The engine's stop waits for its RPC servers and stack threads; don't let one that hangs keep us alive.
    stopper = threading.Thread(target=service.stop, name="engine-stop", daemon=True)
    stopper.start()
    stopper.join(timeout=10)
    print("local_heat_runner: stopped", file=sys.stderr, flush=True)
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
