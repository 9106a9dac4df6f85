"""Single mistakes across the files of a bundle, for the bundle conformance harness (dev only).

A mutation is text edits per file of a seed bundle (tools/conformance/bundle_seeds.py), a file added (an edit on
an empty text) or an environment list changed: the mistake a Heat user makes in a stack of several files, by the
family of issue 28 it belongs to (``child``, ``group``, ``files``, ``environment``, ``parameters``), or a harmless
edit (``control``). Edits are found by the text they change, so the same seeds give the same cases; where a
mutation has variants, a generator seeded by the seed's name and the kind picks one.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from bundle_seeds import BundleSeed

Edit = tuple[int, int, str]  # (start, end, replacement) in one file's text


@dataclass(frozen=True)
class BundleMutation:
    kind: str
    family: str
    note: str
    edits: dict[str, list[Edit]]
    environments: tuple[str, ...] | None = None  # None: the seed's own list


@dataclass
class Draft:
    """Edits collected for one mutation, on the seed's texts."""

    seed: BundleSeed
    edits: dict[str, list[Edit]] = field(default_factory=dict)

    def text(self, path: str) -> str:
        return self.seed.files.get(path, "")

    def replace(self, path: str, old: str, new: str, occurrence: int = 0) -> bool:
        """Replace the ``occurrence``-th ``old`` in ``path``; False when it is not there."""
        text = self.text(path)
        start = -1
        for _ in range(occurrence + 1):
            start = text.find(old, start + 1)
            if start < 0:
                return False
        self.edits.setdefault(path, []).append((start, start + len(old), new))
        return True

    def replace_all(self, path: str, old: str, new: str) -> int:
        text = self.text(path)
        found = [m.start() for m in re.finditer(re.escape(old), text)]
        self.edits.setdefault(path, []).extend((start, start + len(old), new) for start in found)
        return len(found)

    def append(self, path: str, addition: str) -> None:
        end = len(self.text(path))
        self.edits.setdefault(path, []).append((end, end, addition))

    def add_to_section(self, path: str, section: str, entry: str) -> None:
        """``entry`` (indented lines) at the top of the environment's ``section``, which is added when absent."""
        header = f"{section}:\n"
        text = self.text(path)
        start = text.find(header)
        if start < 0 or (start > 0 and text[start - 1] != "\n"):
            self.append(path, header + entry)
            return
        body = re.compile(r"(?:[ #].*\n|\n)*").match(text, start + len(header))
        assert body is not None
        key = entry.split(":", 1)[0] + ":"
        same = re.compile(rf"^{re.escape(key)} .*\n", re.M).search(text, body.start(), body.end())
        if same and entry.count("\n") == 1:  # the file gives this name already: its value changes (no duplicate key)
            self.edits.setdefault(path, []).append((same.start(), same.end(), entry))
        else:
            self.edits.setdefault(path, []).append((body.start(), body.start(), entry))

    def done(self, kind: str, family: str, note: str, environments: tuple[str, ...] | None = None) -> BundleMutation:
        return BundleMutation(kind, family, note, {p: e for p, e in self.edits.items() if e}, environments)


Maker = Callable[[BundleSeed, random.Random], "BundleMutation | None"]
MAKERS: list[tuple[str, str, Maker]] = []


def mutation(kind: str, family: str) -> Callable[[Maker], Maker]:
    def register(make: Maker) -> Maker:
        MAKERS.append((kind, family, make))
        return make

    return register


def _first_param_with(seed: BundleSeed, path: str, pattern: str) -> str | None:
    """The first parameter of ``path`` whose declaration matches ``pattern`` (a regex over its block)."""
    text = seed.files.get(path, "")
    blocks = re.findall(r"^  (\w+):\n((?:    .*\n)+)", text.split("\nresources:")[0], re.M)
    for name, block in blocks:
        if re.search(pattern, block):
            return name
    return None


def _member_or_child(seed: BundleSeed) -> str:
    return seed.group_member or seed.child


# --- the child: its own faults, seen from the parent --------------------------------------------------------------


@mutation("child_unknown_type", "child")
def _child_unknown_type(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    match = re.search(r"type: (OS::Heat::\w+)", seed.files[seed.child])
    if not match:
        return None
    wrong = rng.choice(["OS::Heat::RandomStrings", "Custom::Unmapped", "OS::Heat::value"])
    draft.replace(seed.child, match.group(0), f"type: {wrong}")
    return draft.done("child_unknown_type", "child", f"{seed.child}: type {match.group(1)} -> {wrong}")


@mutation("child_yaml_error", "child")
def _child_yaml_error(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    draft.replace(seed.child, "resources:\n", "resources:\n  broken: [unclosed\n")
    return draft.done("child_yaml_error", "child", f"{seed.child}: an unclosed flow sequence")


@mutation("child_output_without_value", "child")
def _child_output_without_value(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace(seed.child, "outputs:\n", "outputs:\n  summary:\n    description: what the box holds\n"):
        return None
    return draft.done("child_output_without_value", "child", f"{seed.child}: an output with a description only")


@mutation("child_output_get_attr_missing", "child")
def _child_output_get_attr_missing(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    addition = "  extra:\n    value: {get_attr: [no_such_resource, value]}\n"
    if not draft.replace(seed.child, "outputs:\n", "outputs:\n" + addition):
        draft.append(seed.child, "outputs:\n" + addition)
    return draft.done("child_output_get_attr_missing", "child", f"{seed.child}: an output reads a missing resource")


@mutation("child_default_breaks_constraint", "child")
def _child_default_breaks_constraint(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    child = _member_or_child(seed)
    name = _first_param_with(seed, child, r"default: \d+\n(?:.*\n)*.*range")
    if name is None:
        return None
    draft = Draft(seed)
    text = seed.files[child]
    block = text.index(f"  {name}:\n")
    default = re.compile(r"default: \d+").search(text, block)
    assert default is not None
    draft.edits[child] = [(default.start(), default.end(), "default: 500")]
    return draft.done("child_default_breaks_constraint", "child", f"{child}: {name}'s default 500 is out of its range")


@mutation("child_string_default_too_short", "child")
def _child_string_default_too_short(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    name = _first_param_with(seed, seed.child, r"type: string\n(?:.*\n)*.*length")
    if name is None:
        return None
    text = seed.files[seed.child]
    header = text.index(f"  {name}:\n") + len(f"  {name}:\n")
    block = re.match(r"(?:    .*\n)+", text[header:])
    assert block is not None
    default = re.compile(r"default: \S+").search(text, header, header + block.end())
    edit = (default.start(), default.end(), "default: x") if default else (header, header, "    default: x\n")
    draft = Draft(seed, {seed.child: [edit]})
    return draft.done("child_string_default_too_short", "child", f"{seed.child}: {name}'s default 'x' is too short")


@mutation("parameter_default_wrong_type", "child")
def _parameter_default_wrong_type(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    child = _member_or_child(seed)
    name = _first_param_with(seed, child, r"type: number")
    if name is None:
        return None
    draft = Draft(seed)
    env = seed.environments[-1]
    draft.add_to_section(env, "parameter_defaults", f"  {name}: big\n")
    return draft.done("parameter_default_wrong_type", "child", f"{env}: parameter_defaults {name}: big (a number)")


@mutation("child_bad_function_args", "child")
def _child_unknown_function(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    addition = "  joined:\n    value: {list_join: [',']}\n"
    if not draft.replace(seed.child, "outputs:\n", "outputs:\n" + addition):
        return None
    return draft.done("child_bad_function_args", "child", f"{seed.child}: list_join with one argument in an output")


@mutation("child_get_param_undeclared", "child")
def _child_get_param_undeclared(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace(seed.child, "{get_param: ", "{get_param: undeclared_"):
        return None
    return draft.done("child_get_param_undeclared", "child", f"{seed.child}: get_param of an undeclared parameter")


@mutation("child_unknown_property", "child")
def _child_unknown_property(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace(seed.child, "    properties:\n", "    properties:\n      colour: blue\n"):
        return None
    return draft.done("child_unknown_property", "child", f"{seed.child}: an unknown property on its first resource")


# --- group members ------------------------------------------------------------------------------------------------


@mutation("group_index_value_too_short", "group")
def _group_index_too_short(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace("main.yaml", "worker-%index%", "w%index%"):
        return None
    return draft.done("group_index_value_too_short", "group", "member name w%index%: 'w0' is under its min length 4")


@mutation("group_member_out_of_range", "group")
def _group_member_out_of_range(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace("main.yaml", "weight: 5", f"weight: {rng.choice([11, 50])}"):
        return None
    return draft.done("group_member_out_of_range", "group", "member weight out of the member's range")


@mutation("group_member_wrong_type", "group")
def _group_member_wrong_type(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace("main.yaml", "weight: 5", "weight: heavy"):
        return None
    return draft.done("group_member_wrong_type", "group", "member weight 'heavy' for a number parameter")


@mutation("group_member_unknown_property", "group")
def _group_member_unknown_property(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace("main.yaml", "          weight: 5\n", "          weight: 5\n          colour: red\n"):
        return None
    return draft.done("group_member_unknown_property", "group", "member property colour the member does not declare")


@mutation("group_member_missing_required", "group")
def _group_member_missing_required(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace("main.yaml", "          worker_name: worker-%index%\n", ""):
        return None
    return draft.done("group_member_missing_required", "group", "member worker_name (no default) not given")


@mutation("group_member_template_missing", "group")
def _group_member_template_missing(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace("main.yaml", "type: worker.yaml", "type: workers.yaml"):
        return None
    return draft.done("group_member_template_missing", "group", "resource_def type names a file that is not there")


@mutation("group_index_var_too_short", "group")
def _group_index_var_too_short(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace("main.yaml", "      resource_def:\n", "      index_var: '%i'\n      resource_def:\n"):
        return None
    return draft.done("group_index_var_too_short", "group", "index_var '%i' is under 3 characters")


@mutation("group_member_fault_in_member", "group")
def _group_member_fault(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    if not seed.group_member:
        return None
    draft = Draft(seed)
    if not draft.replace(seed.group_member, "length: {get_param: token_length}", "length: 0"):
        return None
    return draft.done("group_member_fault_in_member", "group", f"{seed.group_member}: RandomString length 0")


@mutation("group_index_makes_value_too_small", "group")
def _group_index_makes_value_too_small(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace("main.yaml", "token_length: 12", "token_length: '%index%'"):
        return None
    return draft.done(
        "group_index_makes_value_too_small", "group", "token_length '%index%': member 0's RandomString length is 0"
    )


@mutation("group_index_makes_value_large_enough", "control")
def _group_index_makes_value_large_enough(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace("main.yaml", "token_length: 12", "token_length: '1%index%'"):
        return None
    return draft.done("group_index_makes_value_large_enough", "control", "token_length '1%index%': member 0 gets 10")


@mutation("group_index_var_custom", "control")
def _group_index_var_custom(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace("main.yaml", "worker-%index%", "worker-%node%"):
        return None
    draft.replace("main.yaml", "      resource_def:\n", "      index_var: '%node%'\n      resource_def:\n")
    return draft.done("group_index_var_custom", "control", "index_var %node% used in the member name")


@mutation("group_index_value_long_enough", "control")
def _group_index_long_enough(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace("main.yaml", "worker-%index%", "wkr%index%"):
        return None
    return draft.done("group_index_value_long_enough", "control", "member name wkr%index%: 'wkr0' is 4 characters")


# --- files heatclient must read -----------------------------------------------------------------------------------


@mutation("nested_get_file_missing", "files")
def _nested_get_file_missing(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not draft.replace(seed.child, "{get_file: scripts/setup.sh}", "{get_file: scripts/setup.bash}"):
        return None
    return draft.done("nested_get_file_missing", "files", f"{seed.child}: get_file of a script that is not there")


@mutation("nested_get_file_beside_parent", "files")
def _nested_get_file_beside_parent(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    """The target exists relative to the parent, not relative to the nested file that names it."""
    if "/" not in seed.child:
        return None
    draft = Draft(seed)
    draft.replace(
        seed.child,
        "resources:\n",
        "resources:\n  motd:\n    type: OS::Heat::Value\n    properties:\n      value: {get_file: files/motd.txt}\n",
    )
    draft.append("files/motd.txt", "welcome\n")
    return draft.done(
        "nested_get_file_beside_parent", "files", f"{seed.child}: get_file files/motd.txt, which is beside main.yaml"
    )


@mutation("nested_get_file_added", "control")
def _nested_get_file_added(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    directory = seed.child.rpartition("/")[0]
    target = f"{directory}/files/motd.txt" if directory else "files/motd.txt"
    draft.replace(
        seed.child,
        "resources:\n",
        "resources:\n  motd:\n    type: OS::Heat::Value\n    properties:\n      value: {get_file: files/motd.txt}\n",
    )
    draft.append(target, "welcome\n")
    return draft.done("nested_get_file_added", "control", f"{seed.child}: get_file files/motd.txt beside it")


@mutation("registry_file_missing", "files")
def _registry_file_missing(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    env = seed.environments[0]
    match = re.search(r"^  (\S+::\S+): (\S+\.yaml)$", seed.files[env], re.M)
    if match:
        draft.replace(env, match.group(0), f"  {match.group(1)}: {match.group(2).replace('.yaml', 's.yaml')}")
        note = f"{env}: {match.group(1)} mapped to a file that is not there"
    else:
        draft.add_to_section(env, "resource_registry", "  Unused::Thing: thing.yaml\n")
        note = f"{env}: an unused type mapped to a file that is not there"
    return draft.done("registry_file_missing", "files", note)


@mutation("registry_unused_file_present", "control")
def _registry_unused_file_present(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    env = seed.environments[0]
    draft.add_to_section(env, "resource_registry", "  Unused::Thing: thing.yaml\n")
    draft.append("thing.yaml", "heat_template_version: 2016-10-14\nresources: {}\n")
    return draft.done("registry_unused_file_present", "control", f"{env}: an unused type mapped to a file present")


@mutation("registry_resources_key_misspelt", "files")
def _registry_resources_key_misspelt(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    env = seed.environments[0]
    wrong = rng.choice(["hook", "hoks"])
    if not draft.replace(env, "      hooks: pre-create", f"      {wrong}: pre-create"):
        draft.add_to_section(
            env, "resource_registry", f"  resources:\n    {seed.parent_resource}:\n      {wrong}: pre-create\n"
        )
    return draft.done("registry_resources_key_misspelt", "files", f"{env}: resources.{seed.parent_resource}.{wrong}")


# --- environment semantics ----------------------------------------------------------------------------------------


@mutation("merge_strategy_conflict", "environment")
def _merge_strategy_conflict(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    if "parameter_merge_strategies" not in seed.files[seed.environments[0]]:
        return None
    draft = Draft(seed)
    env = seed.environments[-1]
    draft.add_to_section(env, "parameter_merge_strategies", "  settings: merge\n")
    return draft.done("merge_strategy_conflict", "environment", f"{env}: settings: merge where env1 says deep_merge")


def _string_parameter(seed: BundleSeed) -> str | None:
    """A string parameter with a default and no constraint, of the child (a parameter_defaults target)."""
    for path in (_member_or_child(seed), "main.yaml"):
        name = _first_param_with(seed, path, r"\A    type: string\n    default: [\w-]+\n\Z")
        if name:
            return name
    return None


@mutation("merge_strategy_only_later", "environment")
def _merge_strategy_only_later(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    name = _string_parameter(seed)
    if name is None:
        return None
    draft = Draft(seed)
    first, last = seed.environments[0], seed.environments[-1]
    draft.add_to_section(first, "parameter_defaults", f"  {name}: blue\n")
    draft.add_to_section(last, "parameter_defaults", f"  {name}: green\n")
    draft.add_to_section(last, "parameter_merge_strategies", f"  {name}: merge\n")
    return draft.done(
        "merge_strategy_only_later", "environment", f"{name} given in both files, merge declared only in {last}"
    )


@mutation("merge_on_number", "environment")
def _merge_on_number(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    name = _first_param_with(seed, _member_or_child(seed), r"type: number")
    if name is None:
        return None
    draft = Draft(seed)
    first, last = seed.environments[0], seed.environments[-1]
    draft.add_to_section(first, "parameter_defaults", f"  {name}: 2\n")
    draft.add_to_section(last, "parameter_defaults", f"  {name}: 3\n")
    draft.add_to_section(first, "parameter_merge_strategies", f"  {name}: merge\n")
    draft.add_to_section(last, "parameter_merge_strategies", f"  {name}: merge\n")
    return draft.done("merge_on_number", "environment", f"{name} (a number): 2 and 3 with merge in both files")


@mutation("merge_strings_declared_in_both", "control")
def _merge_strings_declared_in_both(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    name = _string_parameter(seed)
    if name is None:
        return None
    draft = Draft(seed)
    first, last = seed.environments[0], seed.environments[-1]
    draft.add_to_section(first, "parameter_defaults", f"  {name}: blue\n")
    draft.add_to_section(last, "parameter_defaults", f"  {name}: green\n")
    draft.add_to_section(first, "parameter_merge_strategies", f"  {name}: merge\n")
    draft.add_to_section(last, "parameter_merge_strategies", f"  {name}: merge\n")
    return draft.done("merge_strings_declared_in_both", "control", f"{name}: blue + green merged, declared in both")


@mutation("overwrite_across_files", "control")
def _overwrite_across_files(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    name = _string_parameter(seed)
    if name is None:
        return None
    draft = Draft(seed)
    first, last = seed.environments[0], seed.environments[-1]
    draft.add_to_section(first, "parameter_defaults", f"  {name}: blue\n")
    draft.add_to_section(last, "parameter_defaults", f"  {name}: green\n")
    return draft.done("overwrite_across_files", "control", f"{name}: blue then green, the later file wins")


@mutation("merge_strategy_unknown", "environment")
def _merge_strategy_unknown(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    draft.add_to_section(seed.environments[0], "parameter_merge_strategies", "  default: append\n")
    return draft.done("merge_strategy_unknown", "environment", "default strategy 'append' does not exist")


@mutation("event_sinks_wrong_shape", "environment")
def _event_sinks_wrong_shape(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    env = seed.environments[0]
    listed = "event_sinks:\n  - type: zaqar-queue\n    target: stack-events\n    ttl: 3600\n"
    if not draft.replace(env, listed, "event_sinks:\n  type: zaqar-queue\n  target: stack-events\n  ttl: 3600\n"):
        draft.append(env, "event_sinks:\n  type: zaqar-queue\n  target: events\n")
    return draft.done("event_sinks_wrong_shape", "environment", f"{env}: event_sinks a map, not a list")


@mutation("event_sink_unknown_type", "environment")
def _event_sink_unknown_type(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    env = seed.environments[0]
    if not draft.replace(env, "- type: zaqar-queue", "- type: kafka"):
        draft.append(env, "event_sinks:\n  - type: kafka\n    target: events\n")
    return draft.done("event_sink_unknown_type", "environment", f"{env}: an event sink of type kafka")


@mutation("event_sinks_in_two_files", "environment")
def _event_sinks_in_two_files(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    """Heat merges the sections other than parameters as maps: a list in two files cannot be merged."""
    draft = Draft(seed)
    sink = "event_sinks:\n  - type: zaqar-queue\n    target: events\n"
    for env in seed.environments:
        if "event_sinks" not in seed.files[env]:
            draft.append(env, sink)
    return draft.done("event_sinks_in_two_files", "environment", "a zaqar-queue event sink in each environment file")


@mutation("event_sink_added", "control")
def _event_sink_added(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    if "event_sinks" in "".join(seed.files[e] for e in seed.environments):
        return None
    draft = Draft(seed)
    env = seed.environments[-1]
    draft.append(env, "event_sinks:\n  - type: zaqar-queue\n    target: events\n    ttl: 600\n")
    return draft.done("event_sink_added", "control", f"{env}: a zaqar-queue event sink")


@mutation("hook_misspelt", "environment")
def _hook_misspelt(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    env = seed.environments[0]
    wrong = rng.choice(["pre_create", "precreate", "pre-creat"])
    if not draft.replace(env, "hooks: pre-create", f"hooks: {wrong}"):
        draft.add_to_section(
            env, "resource_registry", f"  resources:\n    {seed.parent_resource}:\n      hooks: {wrong}\n"
        )
    return draft.done("hook_misspelt", "environment", f"{env}: hook {wrong}")


@mutation("hook_added", "control")
def _hook_added(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    env = seed.environments[-1]
    hooks = rng.choice(["pre-update", "[pre-create, post-create]", "pre-delete"])
    draft.add_to_section(env, "resource_registry", f"  resources:\n    {seed.parent_resource}:\n      hooks: {hooks}\n")
    return draft.done("hook_added", "control", f"{env}: hooks {hooks} on {seed.parent_resource}")


@mutation("registry_value_map", "environment")
def _registry_value_map(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    env = seed.environments[0]
    match = re.search(r"^  (\S+::\S+): (\S+\.yaml)$", seed.files[env], re.M)
    if not match:
        return None
    draft.replace(env, match.group(0), f"  {match.group(1)}: {{file: {match.group(2)}}}")
    return draft.done("registry_value_map", "environment", f"{env}: {match.group(1)}'s value a map, not a file")


@mutation("type_case_differs", "environment")
def _type_case_differs(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    match = re.search(r"^  (\w+)::(\w+): \S+\.yaml$", seed.files[seed.environments[0]], re.M)
    if not match:
        return None
    draft = Draft(seed)
    draft.replace(
        "main.yaml", f"type: {match.group(1)}::{match.group(2)}", f"type: {match.group(1)}::{match.group(2).lower()}"
    )
    return draft.done("type_case_differs", "environment", f"main.yaml: {match.group(1)}::{match.group(2).lower()}")


@mutation("env_only_unknown_sections", "environment")
def _env_only_unknown_sections(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    draft.append("env3.yaml", "paramters:\n  tier: db\n")
    return draft.done(
        "env_only_unknown_sections", "environment", "env3.yaml: only 'paramters:'", seed.environments + ("env3.yaml",)
    )


@mutation("env_section_misspelt", "environment")
def _env_section_misspelt(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    env = seed.environments[-1]
    section = re.match(r"(\w+):", seed.files[env])
    assert section is not None
    wrong = section.group(1).replace("parameter", "paramter")
    draft.replace(env, section.group(0), f"{wrong}:")
    return draft.done("env_section_misspelt", "environment", f"{env}: section {wrong}")


@mutation("env_parameters_unknown", "environment")
def _env_parameters_unknown(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    env = seed.environments[-1]
    draft.add_to_section(env, "parameters", "  no_such_parameter: 1\n")
    return draft.done("env_parameters_unknown", "environment", f"{env}: parameters names no parameter of main.yaml")


@mutation("registry_removes_type", "environment")
def _registry_removes_type(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    match = re.search(r"^  (\S+::\S+): \S+\.yaml$", seed.files[seed.environments[0]], re.M)
    if not match:
        return None
    draft = Draft(seed)
    env = seed.environments[-1]
    draft.add_to_section(env, "resource_registry", f"  {match.group(1)}: null\n")
    return draft.done("registry_removes_type", "environment", f"{env}: {match.group(1)}: null, the type it uses")


@mutation("registry_alias_to_builtin", "control")
def _registry_alias_to_builtin(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    env = seed.environments[-1]
    draft.add_to_section(env, "resource_registry", "  My::Nothing: OS::Heat::None\n")
    return draft.done("registry_alias_to_builtin", "control", f"{env}: an unused alias to OS::Heat::None")


@mutation("extra_env_changes_nothing", "control")
def _env_parameter_defaults_unknown_name(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    draft.append("env3.yaml", "parameter_defaults:\n  not_used_anywhere: 42\n")
    return draft.done(
        "extra_env_changes_nothing",
        "control",
        "env3.yaml: a parameter_defaults name no template declares",
        seed.environments + ("env3.yaml",),
    )


# --- parameters passed by the parent -------------------------------------------------------------------------------


def _parent_properties(seed: BundleSeed) -> str | None:
    """The parent resource's ``properties:`` line in main.yaml (the group's member properties for a group)."""
    text = seed.files["main.yaml"]
    if seed.group_member:
        return "        properties:\n" if "        properties:\n" in text else None
    start = text.find(f"  {seed.parent_resource}:\n")
    found = text.find("    properties:\n", start)
    return "    properties:\n" if start >= 0 and found > start else None


@mutation("parent_passes_undeclared", "parameters")
def _parent_passes_undeclared(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    line = _parent_properties(seed)
    if line is None:
        return None
    draft = Draft(seed)
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    occurrence = seed.files["main.yaml"][: seed.files["main.yaml"].find(f"  {seed.parent_resource}:\n")].count(line)
    draft.replace("main.yaml", line, f"{line}{indent}colour: red\n", occurrence)
    return draft.done("parent_passes_undeclared", "parameters", f"{seed.parent_resource} passes colour, not declared")


@mutation("parent_passes_wrong_type", "parameters")
def _parent_passes_wrong_type(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    child = _member_or_child(seed)
    name = _first_param_with(seed, child, r"type: number")
    line = _parent_properties(seed)
    if name is None or line is None:
        return None
    draft = Draft(seed)
    text = seed.files["main.yaml"]
    given = re.search(rf"^( +){name}: (\S.*)$", text, re.M)
    if given:
        draft.replace("main.yaml", given.group(0), f"{given.group(1)}{name}: eight")
    else:
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        occurrence = text[: text.find(f"  {seed.parent_resource}:\n")].count(line)
        draft.replace("main.yaml", line, f"{line}{indent}{name}: eight\n", occurrence)
    return draft.done("parent_passes_wrong_type", "parameters", f"{seed.parent_resource} passes {name}: eight")


@mutation("parent_passes_out_of_range", "parameters")
def _parent_passes_out_of_range(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    child = _member_or_child(seed)
    name = _first_param_with(seed, child, r"type: number\n(?:.*\n)*.*range")
    line = _parent_properties(seed)
    if name is None or line is None:
        return None
    draft = Draft(seed)
    text = seed.files["main.yaml"]
    given = re.search(rf"^( +){name}: (\S.*)$", text, re.M)
    if given:
        draft.replace("main.yaml", given.group(0), f"{given.group(1)}{name}: 1000")
    else:
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        occurrence = text[: text.find(f"  {seed.parent_resource}:\n")].count(line)
        draft.replace("main.yaml", line, f"{line}{indent}{name}: 1000\n", occurrence)
    return draft.done("parent_passes_out_of_range", "parameters", f"{seed.parent_resource} passes {name}: 1000")


@mutation("parent_omits_required", "parameters")
def _parent_omits_required(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    child = _member_or_child(seed)
    params = seed.files[child].split("\nresources:")[0]
    required = [n for n, b in re.findall(r"^  (\w+):\n((?:    .*\n)+)", params, re.M) if "default:" not in b]
    main = seed.files["main.yaml"]
    for name in required:
        given = re.search(rf"^( +){name}: .*\n", main, re.M)
        if given is None:
            continue
        draft = Draft(seed)
        indent = given.group(1)
        before = main[: given.start()].rsplit("\n", 2)[-2] + "\n"
        after = main[given.end() :]
        # The only property given: the whole properties block goes (an empty one is not a map).
        alone = before.strip() == "properties:" and not after.startswith(indent)
        start = given.start() - len(before) if alone else given.start()
        draft.edits["main.yaml"] = [(start, given.end(), "")]
        return draft.done("parent_omits_required", "parameters", f"the parent no longer passes {name}")
    return None


@mutation("parent_passes_optional", "control")
def _parent_passes_default_value(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    child = _member_or_child(seed)
    name = _first_param_with(seed, child, r"\A    type: string\n    default: [\w-]+\n\Z")
    line = _parent_properties(seed)
    if name is None or line is None or re.search(rf"^ +{name}: ", seed.files["main.yaml"], re.M):
        return None
    draft = Draft(seed)
    text = seed.files["main.yaml"]
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    occurrence = text[: text.find(f"  {seed.parent_resource}:\n")].count(line)
    draft.replace("main.yaml", line, f"{line}{indent}{name}: chosen\n", occurrence)
    return draft.done("parent_passes_optional", "control", f"{seed.parent_resource} passes the optional {name}")


# --- the values a parent passes, as the child uses them -------------------------------------------------------

_SIZE_RANGE = "    constraints:\n      - range: {min: 1, max: 64}\n"


def _loosened_size(seed: BundleSeed, draft: Draft, default: str) -> bool:
    """The type-path child's `size` without its range (its RandomString's length is then the only check), and its
    default replaced."""
    return seed.child == "lib/box.yaml" and draft.replace(
        seed.child, "    default: 4\n" + _SIZE_RANGE, f"    default: {default}\n"
    )


@mutation("parent_value_breaks_child_property", "parameters")
def _parent_value_breaks_child_property(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not _loosened_size(seed, draft, "4") or not draft.replace("main.yaml", "      size: 8\n", "      size: 0\n"):
        return None
    return draft.done("parent_value_breaks_child_property", "parameters", "box passes size 0: the child's length")


@mutation("parent_value_fits_child_property", "control")
def _parent_value_fits_child_property(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    if not _loosened_size(seed, draft, "0"):
        return None
    return draft.done("parent_value_fits_child_property", "control", "the child's default 0 is replaced by size 8")


@mutation("parent_passes_run_time_value", "parameters")
def _parent_passes_run_time_value(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    source = "  length_source:\n    type: OS::Heat::Value\n    properties:\n      value: 8\n"
    if not _loosened_size(seed, draft, "0") or not draft.replace("main.yaml", "resources:\n", "resources:\n" + source):
        return None
    if not draft.replace("main.yaml", "      size: 8\n", "      size: {get_attr: [length_source, value]}\n"):
        return None
    return draft.done(
        "parent_passes_run_time_value", "parameters", "box passes size from get_attr; the child's default is 0"
    )


# --- resource_registry across files: Heat's merge_map replaces a key whole --------------------------------------

_BROKEN_BOX = "heat_template_version: 2018-08-31\noutputs:\n  summary:\n    description: a box with no value\n"


def _later_resources(
    seed: BundleSeed, env1_registry: str, env2_resource: str, kind: str, family: str, note: str
) -> BundleMutation | None:
    """The registry seed with a broken template beside it, env1's registry as given and env2 adding a
    ``resources:`` map of its own (for ``env2_resource``): the engine's merge_map replaces env1's map whole."""
    if seed.name != "registry":
        return None
    draft = Draft(seed)
    draft.append("broken_box.yaml", _BROKEN_BOX)
    if not draft.replace("env1.yaml", "  My::Box: box.yaml\n", env1_registry):
        return None
    draft.append("env2.yaml", f"resource_registry:\n  resources:\n    {env2_resource}:\n      hooks: pre-create\n")
    return draft.done(kind, family, note)


@mutation("later_resources_replace_earlier", "control")
def _later_resources_replace_earlier(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    # env1 maps front's My::Box to the broken template under resources:, env2's own resources: replaces that whole
    # map, so front is the top-level box.yaml again.
    scoped = "  My::Box: box.yaml\n  resources:\n    front:\n      My::Box: broken_box.yaml\n"
    note = "env2's resources: replaces env1's (front's broken mapping)"
    return _later_resources(seed, scoped, "back", "later_resources_replace_earlier", "control", note)


@mutation("later_resources_drop_earlier_fix", "environment")
def _later_resources_drop_earlier_fix(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    # The other way round: env1's per-resource mappings avoid the broken top-level template; env2's resources:
    # replaces them, and both boxes are the broken one.
    scoped = "  resources:\n    front:\n      My::Box: box.yaml\n    back:\n      My::Box: box.yaml\n"
    note = "env2's resources: drops env1's per-resource mappings"
    return _later_resources(
        seed, "  My::Box: broken_box.yaml\n" + scoped, "other", "later_resources_drop_earlier_fix", "environment", note
    )


# --- harmless edits -----------------------------------------------------------------------------------------------


@mutation("comments_everywhere", "control")
def _comments_everywhere(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    for path in sorted(seed.files):
        if path.endswith(".yaml"):
            draft.edits[path] = [(0, 0, f"# {path}: reviewed\n")]
    return draft.done("comments_everywhere", "control", "a comment at the top of every YAML file")


@mutation("rename_parent_resource", "control")
def _rename_parent_resource(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    old, new = seed.parent_resource, seed.parent_resource + "_renamed"
    main = seed.files["main.yaml"]
    for pattern in (rf"(?<=^  ){old}(?=:\n)", rf"(?<=\[){old}(?=,)", rf"(?<=get_resource: ){old}(?=\}})"):
        for match in re.finditer(pattern, main, re.M):
            draft.edits.setdefault("main.yaml", []).append((match.start(), match.end(), new))
    for env in seed.environments:
        for match in re.finditer(rf"(?<=^    ){old}(?=:\n)", seed.files[env], re.M):
            draft.edits.setdefault(env, []).append((match.start(), match.end(), new))
    return draft.done("rename_parent_resource", "control", f"{old} renamed {new} in main.yaml and the environments")


@mutation("rename_child_file", "control")
def _rename_child_file(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    """The child moved to another name, every reference to it following."""
    old = seed.child
    new = old.replace(".yaml", "_v2.yaml")
    draft = Draft(seed)
    for path in ["main.yaml", *seed.environments]:
        draft.replace_all(path, old, new)
    if not any(draft.edits.values()):
        return None
    draft.edits[old] = [(0, len(seed.files[old]), "heat_template_version: 2013-05-23\nresources: {}\n")]
    draft.edits[new] = [(0, 0, seed.files[old])]
    return draft.done("rename_child_file", "control", f"{old} copied to {new}, every reference following")


@mutation("rename_child_parameter", "control")
def _rename_child_parameter(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    child = _member_or_child(seed)
    name = _first_param_with(seed, child, r"default:")
    if name is None:
        return None
    new = name + "_v2"
    draft = Draft(seed)
    for path in [child, "main.yaml", *seed.environments]:
        for match in re.finditer(rf"(?<![\w-]){name}(?![\w-])", seed.files[path]):
            draft.edits.setdefault(path, []).append((match.start(), match.end(), new))
    return draft.done("rename_child_parameter", "control", f"{child}'s {name} renamed {new} everywhere")


@mutation("descriptions_added", "control")
def _descriptions_added(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    child = seed.child
    if seed.files[child].count("description:") and not draft.replace(child, "description: ", "description: Reviewed. "):
        return None
    if not draft.edits:
        draft.replace(child, "\nparameters:\n", "\ndescription: Reviewed.\nparameters:\n")
        if not draft.edits:
            draft.replace(child, "\nresources:\n", "\ndescription: Reviewed.\nresources:\n")
    return draft.done("descriptions_added", "control", f"{child}: a description")


@mutation("empty_env_first", "control")
def _env_order_irrelevant(seed: BundleSeed, rng: random.Random) -> BundleMutation | None:
    draft = Draft(seed)
    draft.append("env0.yaml", "parameter_defaults: {}\n")
    return draft.done(
        "empty_env_first",
        "control",
        "env0.yaml: an empty parameter_defaults given first",
        ("env0.yaml",) + seed.environments,
    )


def mutations_of(seed: BundleSeed) -> Iterator[BundleMutation]:
    """Every mutation that applies to ``seed``, each with its variant chosen by a generator seeded by seed and kind."""
    for kind, _family, make in MAKERS:
        made = make(seed, random.Random(f"{seed.name}#{kind}"))
        if made is not None and made.edits:
            yield made
