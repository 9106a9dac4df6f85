"""Heat's decision for one resource kept by name (steps 1-9 of ``../shared/reference/heat-update.md``): the old
definition with its stored values against the new one resolved in the existing stack, through the per-type rules
of ``spec/update_rules``.

``decide`` runs once with every run-time unknown taken as unchanged and once as changed; when the two differ, only
the cloud can say (a ``get_attr`` of a resource updated in place), and the outcome is ``undecided`` naming both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...spec.update_rules import (
    ALWAYS_REPLACED,
    BASE_HANDLE_UPDATE,
    CONFIGS,
    DEPLOYMENTS,
    EIP_ASSOCIATION,
    EIP_KEYS,
    EIP_TARGETS,
    FAILS_WHEN_TRUE,
    NEVER_UPDATED,
    REMOTE_STACK,
    REPLACE,
    REPLACE_ALWAYS,
    REPLACE_WHEN_TRUE,
    REPLACED_ON_TEMPLATE_DIFF,
    SERVER_POLICIES,
    STACK_RESOURCES,
    SUBSTITUTED_BY,
    TRANSLATIONS,
    Translation,
)
from ..evaluation.preview_properties import previewed_properties
from ..values.evaluated import Symbol
from .compare import DIFFERENT, MAYBE, Comparer, Verdict
from .sides import Definition
from .statuses import Deployed, with_status

ADDED, DELETED, REPLACED, UPDATED, UNCHANGED, UNDECIDED = (
    "added",
    "deleted",
    "replaced",
    "updated",
    "unchanged",
    "undecided",
)
FAILED = "failed"  # the update fails at this resource (restricted action, immutable property, external_id)
NESTED = "nested"  # a stack resource: updated, its nested stack decides


@dataclass(frozen=True, slots=True)
class Decision:
    outcome: str
    reason: str
    maybe: tuple[tuple[str, str], ...] = ()  # the run-time values an undecided outcome waits for
    # Whether its resolved properties (what Heat stores) change: attributes are re-read only then (resource.py:1016-1020).
    properties_changed: int = DIFFERENT


# A deployment's config, looked up by name in the same stack: (old, new) definitions or None.
ConfigLookup = Callable[[Any], "tuple[Definition | None, Definition | None]"]


def decide(
    old: Definition,
    new: Definition,
    comparer: Comparer,
    restricted: set[str],
    configs: ConfigLookup,
    deployed: Deployed | None = None,
) -> Decision:
    """The outcome for a resource in both stacks; run-time unknowns decided both ways. ``deployed``: how the cloud
    holds it (a FAILED resource is replaced whatever the edit: ``statuses.py``); None offline."""
    found = _both_ways(old, new, comparer, restricted, configs)
    by_status = with_status(new.klass, deployed, found.outcome, found.reason, restricted)
    if by_status is None:
        return found
    return Decision(*by_status, found.maybe, found.properties_changed)


def _both_ways(
    old: Definition, new: Definition, comparer: Comparer, restricted: set[str], configs: ConfigLookup
) -> Decision:
    optimistic = _decide(old, new, _Mode(comparer, False), restricted, configs)
    pessimistic = _decide(old, new, _Mode(comparer, True), restricted, configs)
    if optimistic.outcome == pessimistic.outcome:
        return pessimistic
    waits = pessimistic.maybe
    named = ", ".join(f"`{attribute}` of `{resource}`" for resource, attribute in waits) or "a run-time value"
    reason = f"{pessimistic.outcome} if {named} changes at run time ({pessimistic.reason}), else {optimistic.outcome}"
    return Decision(UNDECIDED, reason, waits, pessimistic.properties_changed)


class _Mode:
    """Compares through the stack's comparer, taking a run-time unknown as changed (pessimistic) or not."""

    def __init__(self, comparer: Comparer, pessimistic: bool) -> None:
        self.comparer = comparer
        self.pessimistic = pessimistic
        self.maybe: list[tuple[str, str]] = []

    def verdict(self, old: Any, new: Any) -> Verdict:
        found = self.comparer.compare(old, new)
        if found.state == MAYBE and self.pessimistic:
            self.maybe.extend(found.maybe)
        return found

    def changed(self, verdict: Verdict) -> bool:
        return verdict.state == DIFFERENT or (verdict.state == MAYBE and self.pessimistic)

    def differs(self, old: Any, new: Any) -> bool:
        return self.changed(self.verdict(old, new))


def _decide(old: Definition, new: Definition, mode: _Mode, restricted: set[str], configs: ConfigLookup) -> Decision:
    found = _needs(old, new, mode, configs)
    if found.outcome in (UPDATED, REPLACED) and fails_when_run(new):
        found = Decision(FAILED, f"the update fails: {found.reason}, and {fails_when_run(new)}")
    stored = mode.comparer.compare(old.fields["properties"], new.fields["properties"]).state
    found = Decision(found.outcome, found.reason, tuple(dict.fromkeys(mode.maybe)), stored)
    # Restricted actions turn the update or the replacement into a failure (resource.py:1512-1535, update.py:135).
    for action, outcome in (("update", UPDATED), ("replace", REPLACED)):
        hit = found.outcome == outcome or (action == "update" and found.outcome == NESTED)
        if hit and action in restricted:
            return Decision(
                FAILED,
                f"the update fails: {found.reason}, and `{action}` is a restricted action for it",
                found.maybe,
            )
    return found


def _needs(old: Definition, new: Definition, mode: _Mode, configs: ConfigLookup) -> Decision:
    # 1. A class change replaces (update.py:160-194), unless the new class substitutes the old one.
    if old.klass != new.klass and SUBSTITUTED_BY.get(old.klass) != new.klass:
        return Decision(REPLACED, _class_change(old, new))
    # 3. external_id (resource.py:1637-1644).
    if mode.differs(old.fields["external_id"], new.fields["external_id"]):
        return Decision(FAILED, "the update fails: `external_id` cannot change")
    if new.fields["external_id"] is not None:
        return Decision(UNCHANGED, "an external resource: Heat does not update it")
    klass = new.klass
    # 5. The plugins' own _needs_update and needs_replace (resource.py:1369-1394).
    if klass in NEVER_UPDATED:
        return Decision(UNCHANGED, f"`{klass}` is never updated")
    if klass in ALWAYS_REPLACED:
        return Decision(REPLACED, f"`{klass}` is replaced on every update")
    after = _prepared(new)
    before = _prepared(old)
    if klass in REPLACE_ALWAYS:
        key, value = REPLACE_ALWAYS[klass]
        if isinstance(after, dict) and after.get(key) == value:
            return Decision(REPLACED, f"`{key}` is {value}: replaced on every update")
    if klass in STACK_RESOURCES:
        # Always updated once created (stack_resource.py:105-138), but its own properties still decide first.
        refused = _not_allowed(new, _changed_properties(before, after, mode))
        return refused or Decision(NESTED, "its nested stack is updated")
    fields = {key: mode.verdict(old.fields[key], new.fields[key]) for key in old.fields if key != "condition"}
    same = not any(mode.changed(v) for v in fields.values()) and old.type == new.type
    if same and not mode.differs(before, after):
        if old.fields.get("condition") is None:
            return Decision(UNCHANGED, "no change")
        # The new definition is reparsed without its condition (rsrc_defn.py:182-191), the stored one has it.
        return Decision(UPDATED, "it has a `condition`, which the update drops from its stored definition")
    # 7. A change of properties, metadata or update_policy (rsrc_defn.py:41-68) replaces a launch configuration.
    template_diff = [key for key in ("properties", "metadata", "update_policy") if mode.changed(fields[key])]
    if template_diff and klass in REPLACED_ON_TEMPLATE_DIFF:
        return Decision(REPLACED, f"`{klass}` is replaced on any change of its {', '.join(template_diff)}")
    # 8. The properties that differ, translated and with their defaults (resource.py:646-698).
    changed = _changed_properties(before, after, mode)
    schema = new.schema
    if schema is not None and changed:
        immutable = sorted(key for key in changed if key in schema.properties and schema.properties[key].immutable)
        if immutable:
            return Decision(FAILED, f"the update fails: {_names(immutable)} cannot be changed (immutable)")
        written = new.fields["properties"] if isinstance(new.fields["properties"], dict) else {}
        why = _replaced_by_plugin(klass, changed, before, after, written)
        if why:
            return Decision(REPLACED, why)
        fixed = sorted(
            key for key in changed if key not in schema.properties or not schema.properties[key].update_allowed
        )
        if fixed:
            return Decision(REPLACED, _not_updatable(fixed, changed))
    # 9. What handle_update does at run time.
    if changed and klass in BASE_HANDLE_UPDATE:
        return Decision(REPLACED, f"`{klass}` has no update of its own: any property change replaces it")
    if klass in DEPLOYMENTS and changed:
        why = _deployment_inputs(old, new, mode, configs)
        if why:
            return Decision(REPLACED, why)
    return Decision(UPDATED, _updated(klass, changed, fields, before, after, old, new))


def fails_when_run(definition: Definition) -> str:
    """Why creating or updating this resource fails at run time (a test plugin told to), or ""."""
    key = FAILS_WHEN_TRUE.get(definition.klass)
    props = definition.fields["properties"]
    if key is not None and isinstance(props, dict) and props.get(key) is True:
        return f"its `{key}` is true: its handler fails"
    return ""


def _not_allowed(new: Definition, changed: dict[str, Verdict]) -> Decision | None:
    """Step 8 (resource.py:683-696): an immutable property changed fails the update; one that is not
    update-allowed replaces the resource."""
    schema = new.schema
    if schema is None or not changed:
        return None
    immutable = sorted(key for key in changed if key in schema.properties and schema.properties[key].immutable)
    if immutable:
        return Decision(FAILED, f"the update fails: {_names(immutable)} cannot be changed (immutable)")
    fixed = sorted(key for key in changed if key not in schema.properties or not schema.properties[key].update_allowed)
    if fixed:
        return Decision(REPLACED, _not_updatable(fixed, changed))
    return None


def _class_change(old: Definition, new: Definition) -> str:
    if old.type != new.type:
        return f"its type changes from `{old.type}` to `{new.type}`: a different class replaces it"
    return f"`{new.type}` now maps to `{new.klass}` (was `{old.klass}`): a different class replaces it"


def _prepared(definition: Definition) -> Any:
    """The properties as Heat compares them (resource.py:1537-1547): translated, defaults filled, converted."""
    props = definition.fields["properties"]
    props = props if props is not None else {}
    schema = definition.schema
    if schema is None or not isinstance(props, dict):
        return props
    rules = TRANSLATIONS.get(definition.klass)
    if rules:
        props = _translate(props, rules)
    return previewed_properties(schema, props)


def _translate(props: dict[str, Any], rules: tuple[Translation, ...]) -> dict[str, Any]:
    import copy

    props = copy.deepcopy(props)
    for rule in rules:
        for holder in _holders(props, rule.path):
            if rule.old in holder:
                value = holder.pop(rule.old)
                if holder.get(rule.new) is None:
                    holder[rule.new] = value
    return props


def _holders(value: Any, path: tuple[str, ...]) -> list[dict[str, Any]]:
    if not isinstance(value, dict):
        return []
    if not path:
        return [value]
    inner = value.get(path[0])
    if len(path) >= 2 and path[1] == "*":
        items = inner if isinstance(inner, list) else []
        return [found for item in items for found in _holders(item, path[2:])]
    return _holders(inner, path[1:])


def _changed_properties(before: Any, after: Any, mode: _Mode) -> dict[str, Verdict]:
    if not isinstance(before, dict) or not isinstance(after, dict):
        verdict = mode.verdict(before, after)
        return {"properties": verdict} if mode.changed(verdict) else {}
    found = {}
    for key in dict.fromkeys([*after, *before]):
        verdict = mode.verdict(before.get(key), after.get(key))
        if mode.changed(verdict):
            found[key] = verdict
    return found


def _policy(after: Any, before: Any, key: str, default: str) -> Any:
    """``after_props.get(policy) or before_props.get(policy)`` (server.py:1385-1401)."""
    value = (after.get(key) if isinstance(after, dict) else None) or (
        before.get(key) if isinstance(before, dict) else None
    )
    return default if value is None else value


def _replaced_by_plugin(
    klass: str, changed: dict[str, Verdict], before: Any, after: Any, written: dict[str, Any]
) -> str:
    """``needs_replace_with_prop_diff`` of the plugins that have one: why it replaces, or ""."""
    for key, policy in SERVER_POLICIES.get(klass, {}).items():
        if key in changed and _policy(after, before, policy.policy, policy.default) == REPLACE:
            how = "is" if policy.policy in written or policy.default != REPLACE else "defaults to"
            verdict = changed[key]
            cause = (
                f" (the `{verdict.causes[0]}` it references is replaced)"
                if verdict.causes and not verdict.literal
                else ""
            )
            return f"`{key}` changes{cause} and `{policy.policy}` {how} REPLACE"
    if klass in REPLACE_WHEN_TRUE:
        key, flag = REPLACE_WHEN_TRUE[klass]
        if key in changed and isinstance(after, dict) and after.get(flag):
            return f"`{key}` changes and `{flag}` is true"
    targets = any(key in changed and isinstance(after, dict) and after.get(key) for key in EIP_TARGETS)
    if klass == EIP_ASSOCIATION and targets and any(key in changed for key in EIP_KEYS):
        return "the address and its target change together"
    if klass == REMOTE_STACK and "context" in changed:
        old = before.get("context") if isinstance(before, dict) else None
        new = after.get("context") if isinstance(after, dict) else None
        region = [c.get("region_name") if isinstance(c, dict) else None for c in (old, new)]
        if region[0] != region[1]:
            return "`context.region_name` changes"
    return ""


def _not_updatable(fixed: list[str], changed: dict[str, Verdict]) -> str:
    verb = "is" if len(fixed) == 1 else "are"
    text = f"{_names(fixed)} {verb} not updatable in place"
    causes = [cause for key in fixed for cause in changed[key].causes if not changed[key].literal]
    if causes and all(not changed[key].literal for key in fixed):
        return f"the `{causes[0]}` it references is replaced ({text})"
    return text


def _updated(
    klass: str,
    changed: dict[str, Verdict],
    fields: dict[str, Verdict],
    before: Any,
    after: Any,
    old: Definition,
    new: Definition,
) -> str:
    notes = []
    for key, policy in SERVER_POLICIES.get(klass, {}).items():
        if key in changed:
            value = _policy(after, before, policy.policy, policy.default)
            notes.append(
                f"`{key}` change {policy.in_place}"
                if value == policy.default
                else f"`{key}` is updated in place (`{policy.policy}`: {value})"
            )
    rest = [key for key in changed if key not in SERVER_POLICIES.get(klass, {})]
    causes = [c for key in rest for c in changed[key].causes if not changed[key].literal]
    if rest and causes and all(not changed[key].literal for key in rest):
        notes.append(f"the `{causes[0]}` it references is replaced ({_names(rest)} updated in place)")
    elif rest:
        notes.append(f"{_names(rest)} updated in place")
    if not changed:
        others = [key for key in ("metadata", "update_policy", "deletion_policy", "depends_on") if fields[key].state]
        if old.type != new.type:
            others.insert(0, "type")
        notes.append(
            f"{_names(others)} changed (no property change)" if others else "its definition changed as written"
        )
    return "; ".join(notes)


def _deployment_inputs(old: Definition, new: Definition, mode: _Mode, configs: ConfigLookup) -> str:
    """SoftwareDeployment.handle_update (software_deployment.py:455-466): an input the config marks
    ``replace_on_change`` whose value changes replaces the deployment."""
    props_new = new.fields["properties"] if isinstance(new.fields["properties"], dict) else {}
    props_old = old.fields["properties"] if isinstance(old.fields["properties"], dict) else {}
    config = props_new.get("config")
    if not isinstance(config, Symbol) or config.name != "get_resource":
        return ""
    _, config_new = configs(config.args)
    if config_new is None or config_new.klass not in CONFIGS:
        return ""
    config_props = config_new.fields["properties"]
    inputs = config_props.get("inputs") if isinstance(config_props, dict) else None
    marked = [i.get("name") for i in inputs or () if isinstance(i, dict) and i.get("replace_on_change") is True]
    values_new = props_new.get("input_values") or {}
    values_old = props_old.get("input_values") or {}
    if not isinstance(values_new, dict) or not isinstance(values_old, dict):
        return ""
    for name in marked:
        if name in values_old and mode.differs(values_old.get(name), values_new.get(name)):
            return f"input `{name}` changes and its config marks it `replace_on_change`"
    return ""


def _names(keys: list[str]) -> str:
    return ", ".join(f"`{key}`" for key in keys)
