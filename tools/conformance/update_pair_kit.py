"""What the update pairs are made of (dev only): a side of a pair, one-value edits, the list of pairs.

A side is what ``openstack stack update -t main.yaml -e env.yaml -P name=value`` sends: ``{"files": {relative
path: text}, "template": "main.yaml", "environments": [relative paths], "parameters": {name: value}}``. Templates
are Python values dumped to YAML; an edit is a path into the template and the value put there (or DELETE).
"""

from __future__ import annotations

import copy
from typing import Any

import yaml

Template = dict[str, Any]
DELETE = object()  # an edit's value that removes the key
VERSION = "wallaby"


def dump(template: Any) -> str:
    return yaml.safe_dump(template, sort_keys=False, default_flow_style=False, width=120)


def hot(resources: dict[str, Any], **sections: Any) -> Template:
    return {"heat_template_version": VERSION, **sections, "resources": resources}


def side(
    main: Template | str,
    files: dict[str, Any] | None = None,
    environments: dict[str, Any] | None = None,
    parameters: dict[str, str] | None = None,
) -> dict[str, Any]:
    """One side of a pair: main.yaml, other files (templates as values are dumped), environments in order."""
    texts = {"main.yaml": main if isinstance(main, str) else dump(main)}
    for path, content in {**(files or {}), **(environments or {})}.items():
        texts[path] = content if isinstance(content, str) else dump(content)
    return {
        "files": texts,
        "template": "main.yaml",
        "environments": list(environments or {}),
        "parameters": dict(parameters or {}),
    }


def edited(template: Template, path: tuple[Any, ...], value: Any) -> Template:
    """A copy of ``template`` with the value at ``path`` set (or removed when ``value`` is DELETE)."""
    result = copy.deepcopy(template)
    node = result
    for key in path[:-1]:
        node = node.setdefault(key, {}) if isinstance(node, dict) else node[key]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = copy.deepcopy(value)
    return result


class Pairs:
    """The pairs made so far; ids are unique (a repeated id is a mistake in this file)."""

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(self, pair_id: str, kind: str, note: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        assert all(item["id"] != pair_id for item in self.items), pair_id
        self.items.append({"id": pair_id, "kind": kind, "note": note, "old": old, "new": new})

    def edit(self, pair_id: str, kind: str, note: str, template: Template, path: tuple[Any, ...], value: Any) -> None:
        """A pair whose only difference is one value of main.yaml."""
        self.add(pair_id, kind, note, side(template), side(edited(template, path, value)))


# (resource type, its properties in the old template, [(property, new value or DELETE), ...]); a type's edits are
# made one at a time on a one-resource template, plus a consumer reading an attribute where the type has one.
SERVER_PROPS: dict[str, Any] = {
    "image": "cirros",
    "flavor": "m1.small",
    "key_name": "default",
    "networks": [{"network": "private"}],
    "metadata": {"role": "web"},
    "name": "web-1",
    "user_data_format": "RAW",
    "user_data": "#!/bin/sh\necho hello\n",
}
