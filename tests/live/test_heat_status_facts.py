"""The status facts of spec/update_rules.py read again from Heat 27.0.1's own registry (the venv the live Heat runs
from): which types' needs_replace_failed() asks their service instead of the base class's True, which keep a
CHECK_FAILED resource (always_replace_on_check_failed False), and which override _needs_update without looking at
the status. A Heat that adds or drops one fails here, not in a user's preview."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from hot_lsp.spec.update_rules import (
    ALWAYS_REPLACED,
    ASKS_SERVICE_WHEN_FAILED,
    KEPT_ON_CHECK_FAILED,
    REMOTE_STACK,
    STACK_RESOURCES,
    STATUS_IGNORED,
)

READ = """
import json
from heat.engine import resource, resources
from heat.engine.resources import stack_resource

resources.initialise()
registry = resources.global_env().registry
facts = {"asks": [], "kept": [], "own_needs_update": []}
for name in sorted(resources.global_env().get_types()):
    try:
        cls = registry.get_resource_info(name).value
    except Exception:
        continue
    if not isinstance(cls, type):
        continue
    if cls.needs_replace_failed is not resource.Resource.needs_replace_failed:
        facts["asks"].append(name)
    if not cls.always_replace_on_check_failed:
        facts["kept"].append(name)
    if cls._needs_update not in (resource.Resource._needs_update, stack_resource.StackResource._needs_update):
        facts["own_needs_update"].append(name)
print(json.dumps(facts))
"""


def test_the_status_facts_are_heats(live_heat: Any):
    done = subprocess.run([str(live_heat.heat_python), "-c", READ], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    facts = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(facts["asks"]) == ASKS_SERVICE_WHEN_FAILED
    assert set(facts["kept"]) == KEPT_ON_CHECK_FAILED
    # Each override of _needs_update is one the procedure knows: ignoring the status, always replacing, or a
    # stack resource's (updated once created, replaced on CHECK_FAILED).
    known = STATUS_IGNORED | ALWAYS_REPLACED | {REMOTE_STACK} | set(STACK_RESOURCES)
    assert set(facts["own_needs_update"]) <= known, set(facts["own_needs_update"]) - known
