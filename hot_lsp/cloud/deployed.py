"""What a deployed stack was made from, read back from its Heat: the template, the files sent with it (nested
templates, ``get_file`` targets, as openstackclient sent them: keyed by ``file://`` URL), the merged environment
(the ``-e`` files and ``-P`` values as Heat keeps them), and every resource's status down the nested stacks. With
them an update is decided offline as Heat's real update decides it (``analysis/update``), against what is
deployed rather than against a file.

Heat shows a ``hidden`` parameter's value as ``******`` (service.py ``get_environment``): those names are listed
so the comparison can take them as unchanged rather than as changed to six stars.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from . import answers
from .connection import Heat
from .stacks import StackState, live_resources, stack_state

MASKED = "******"


@dataclass(frozen=True, slots=True)
class DeployedStack:
    state: StackState
    template: dict[str, Any]
    files: dict[str, str]
    environment: dict[str, Any]
    # "parent/name" (the names from the top, '/'-joined) -> the resource's status, nested stacks included
    statuses: dict[str, str] = field(default_factory=dict)
    created: frozenset[str] = frozenset()  # the paths of the resources that have a physical id

    @property
    def masked(self) -> tuple[str, ...]:
        """The parameters whose deployed value Heat does not show."""
        return tuple(
            sorted(
                name
                for section in ("parameters", "parameter_defaults")
                for name, value in (self.environment.get(section) or {}).items()
                if value == MASKED
            )
        )

    def template_text(self) -> str:
        return json.dumps(self.template, indent=1, sort_keys=False)

    def environment_text(self, without: tuple[str, ...] = ()) -> str:
        """The environment as a file, leaving out the parameters named in ``without`` (masked ones)."""
        env = {key: value for key, value in self.environment.items() if key != "encrypted_param_names"}
        for section in ("parameters", "parameter_defaults"):
            if isinstance(env.get(section), dict):
                env[section] = {k: v for k, v in env[section].items() if k not in without}
        return json.dumps(env, indent=1)


def deployed_stack(heat: Heat, stack: str, nested_depth: int = 5) -> DeployedStack:
    """The stack named ``stack`` as deployed (CloudError when the cloud has none)."""
    state = stack_state(heat, stack)
    base = f"stacks/{state.identity}"
    template = heat.ask(answers.STACK_TEMPLATE, "GET", f"{base}/template")
    environment = heat.ask(answers.STACK_ENVIRONMENT, "GET", f"{base}/environment")
    files = heat.ask(answers.STACK_FILES, "GET", f"{base}/files")
    statuses: dict[str, str] = {}
    created: set[str] = set()
    chain: list[str] = []  # the names above the row: the listing is a tree, each parent before its stack's rows
    for row in live_resources(heat, state, nested_depth):
        del chain[row.depth :]
        path = "/".join([*chain, row.resource_name])
        statuses[path] = row.status
        if row.physical_resource_id:
            created.add(path)
        chain.append(row.resource_name)
    return DeployedStack(
        state,
        template,
        {str(name): str(text) for name, text in files.items() if isinstance(text, str)},
        environment,
        statuses,
        frozenset(created),
    )
