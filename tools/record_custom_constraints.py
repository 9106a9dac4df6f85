#!/usr/bin/env python3
"""Record what Heat 27.0.1's offline custom constraints say of a set of values (dev only).

Usage: python3 tools/record_custom_constraints.py [--venv DIR]

Re-runs itself in a venv holding openstack-heat==27.0.1 (heat_venv.py), asks each generic constraint of
``heat/engine/constraint/common_constraints.py`` about every value of ``VALUES`` below, and writes
tests/analysis/custom_constraint_results.json: for each (constraint, value), None when Heat accepts the value,
else Heat's message (``CustomConstraint._err_msg``). tests/analysis/test_custom_constraints.py holds
hot_lsp.analysis.values.custom_constraints to it; the test suite never runs Heat.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from heat_venv import INSIDE_FLAG, ensure_venv, prepare_heat_import

HEAT_VERSION = "27.0.1"
ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "tests" / "analysis" / "custom_constraint_results.json"

CONSTRAINTS = [
    "ip_addr",
    "mac_addr",
    "net_cidr",
    "ip_or_cidr",
    "dns_name",
    "rel_dns_name",
    "dns_domain",
    "iso_8601",
    "expiration",
    "cron_expression",
    "timezone",
    "json_string",
]
# Values a template writes, right and wrong; times far in the past or future (expiration compares with now).
VALUES = [
    "",
    "10.0.0.1",
    "10.0.0.300",
    "010.0.0.1",
    "10.0.1",
    "1.2.3.4.5",
    " 10.0.0.1",
    "::1",
    "fe80::1",
    "fe80::zz",
    "2001:db8::/32",
    "10.0.0.0/24",
    "10.0.0.1/24",
    "10.0.0.0/33",
    "10.0/8",
    "10.0.3.0/24,",
    "abc",
    "ubuntu1",
    "fa:16:3e:00:00:01",
    "fa-16-3e-00-00-01",
    "fa:16:3e:00:00",
    "FA:16:3E:00:00:01",
    "example.com",
    "example.com.",
    "-bad.example.com",
    "a..b",
    "host",
    "host.",
    "Example.COM",
    "x" * 64 + ".com",
    "10.0.0.5.",
    "sub.123.",
    "2030-01-01T00:00:00Z",
    "2030-01-01",
    "2010-01-01T00:00:00Z",
    "2017-12-28T19:14:44.180394",
    "not a time",
    "2030-13-01T00:00:00Z",
    "0 * * * *",
    "*/5 * * * *",
    "0 0 * * * *",
    "61 * * * *",
    "* * *",
    "@daily",
    "UTC",
    "Europe/Paris",
    "Mars/Olympus",
    "{}",
    "[1, 2]",
    '{"a": 1}',
    "{a: 1}",
    True,
    False,
    5,
    None,
]


def inside() -> None:
    prepare_heat_import()
    from heat.engine import constraints, resources

    resources.initialise()
    env = resources.global_env()
    results = {}
    for name in CONSTRAINTS:
        constraint = constraints.CustomConstraint(name, environment=env)
        for value in VALUES:
            try:
                valid = constraint._is_valid(value, None, None)
                message = None if valid else constraint._err_msg(value)
            except Exception as error:  # noqa: BLE001 - a crash is Heat's verdict too: validation fails with it
                message = str(error)
            results[f"{name}|{json.dumps(value)}"] = message
    print(json.dumps(results, indent=1, sort_keys=True))


def main() -> None:
    if INSIDE_FLAG in sys.argv:
        inside()
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--venv", default="/tmp/heat-27-venv")
    args = parser.parse_args()
    python = ensure_venv(Path(args.venv), HEAT_VERSION)
    done = subprocess.run([str(python), __file__, INSIDE_FLAG], capture_output=True, text=True, check=True)
    RESULTS.write_text(done.stdout, encoding="utf-8")
    print(f"{len(json.loads(done.stdout))} results -> {RESULTS}", file=sys.stderr)


if __name__ == "__main__":
    main()
