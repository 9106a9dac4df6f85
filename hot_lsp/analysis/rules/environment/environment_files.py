"""7xxx: environment files: their sections, ``resource_registry`` entries, merge strategies and event sinks.

Heat reads an environment in two steps (heat-27-facts.md §7): ``environment_format.parse`` refuses a section it
does not know or a null one; then building the ``Environment`` loads the registry (``_load_registry``: a hook or
restricted action it does not know raises; a value that is not a string, null or a map breaks the loader) and the
event sinks (``ZaqarEventSink(target, ttl)``). What Heat refuses is an error here. What Heat accepts but that
will not do what was meant is a warning: a template file that is not there (the file may be generated at deploy
time or installed elsewhere), an alias to a misspelt type of Heat's own, a merge strategy Heat ignores. In an
environment the user gave (``--env``, ``environments``, ``hotLsp.environments``), what python-heatclient cannot
read is an error (E7017, ``heatclient_reads``); the merge of the given environments is ``merge_errors``' (E7018).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from .... import spec
from ....document import WARNING, Diagnostic, Mapping, Node, QuickFix, Scalar, Sequence
from ....spec.nested_stacks import TEMPLATE_SUFFIXES
from ....spec.resource_types import Catalogue
from ...codes import define
from ...files.roots import absolute_roots
from ...model.catalogues import resource_catalogue
from ...model.environment import (
    HOOK_KEYS,
    HOOKS,
    MERGE_STRATEGIES,
    RESTRICTED_ACTIONS,
    SECTIONS,
    EnvironmentModel,
    template_location,
    walk_registry,
)
from ...model.registry import Registry
from ...report import Reporter
from ...suggest import did_you_mean

# The nearest names of a misspelt type, and which namespaces are Heat's, as the template rules decide them.
from ..context import RuleContext
from ..phases import ENVIRONMENT
from ..resources.types import in_heat_namespace, type_suggestions
from .heatclient_reads import rendered_from, unreadable_values

_AREA = "environment"
PHASE = ENVIRONMENT  # (rules/phases.py: when this unit runs)

E7001 = define(
    "E7001",
    'A section environments do not have (Heat: environment has wrong section "foo"); a template section such as '
    "`resources` means a template-like file was read as an environment.",
    "parameter_defaults:\n  NtpServer: pool.ntp.org\nencrypted_parameters: [DbPassword]",
    _AREA,
    slug="unknown-environment-section",
    why="environment_format.parse accepts only its six sections: 'environment has wrong section "
    '"encrypted_parameters"\'. A template section here means a template was read as an environment.',
    instead="parameter_defaults:\n  NtpServer: pool.ntp.org\nencrypted_param_names: [DbPassword]",
    heat_step="environment load (stack create with -e)",
    phase=PHASE.name,
)
E7002 = define(
    "E7002",
    'A section with no value (Heat: environment has empty section "x").',
    "parameter_defaults:\nresource_registry:\n  My::Server: OS::Nova::Server",
    _AREA,
    slug="empty-environment-section",
    why="A section key with no value is refused when the environment is loaded: 'environment has empty section "
    '"parameter_defaults"\'.',
    instead="parameter_defaults: {}\nresource_registry:\n  My::Server: OS::Nova::Server",
    heat_step="environment load (stack create with -e)",
    phase=PHASE.name,
)
E7003 = define(
    "E7003",
    "A section of the wrong shape: parameters, parameter_defaults, resource_registry and "
    "parameter_merge_strategies are maps; event_sinks and encrypted_param_names are lists.",
    "resource_registry:\n  - OS::Nova::Server",
    _AREA,
    slug="environment-section-wrong-shape",
    why="Heat reads parameters, parameter_defaults, resource_registry and parameter_merge_strategies as maps "
    "and event_sinks and encrypted_param_names as lists: another shape fails when the environment is loaded.",
    instead="resource_registry:\n  My::Server: OS::Nova::Server",
    heat_step="environment load (stack create with -e)",
    phase=PHASE.name,
)
E7004 = define(
    "E7004",
    "An event sink Heat cannot build: not a map, a `type` other than `zaqar-queue`, no `target`, or another key.",
    "parameter_defaults: {}\nevent_sinks:\n  - type: zaqar-queue",
    _AREA,
    slug="bad-event-sink",
    why="Heat builds each sink as ZaqarEventSink(target, ttl): another type, no target or another key fails "
    "with Heat's KeyError or TypeError when the stack is created.",
    instead="event_sinks:\n  - type: zaqar-queue\n    target: my-queue",
    heat_step="stack create (event sinks are built)",
    phase=PHASE.name,
)
E7005 = define(
    "E7005",
    "A resource_registry value that is not a type, a template path, null or a map (a number, a list...), or a key "
    "that is not a string: Heat's registry loader fails on it.",
    "resource_registry:\n  My::Server: [OS::Nova::Server]",
    _AREA,
    slug="bad-registry-entry",
    why="ResourceRegistry._load_registry reads a value as a type, a template path, null or a map of resources: "
    "a list or a number makes the loader fail.",
    instead="resource_registry:\n  My::Server: OS::Nova::Server",
    heat_step="environment load (stack create with -e)",
    phase=PHASE.name,
)
E7006 = define(
    "E7006",
    "A `hooks` value that is not a breakpoint Heat has (Heat: InvalidBreakPointHook).",
    "resource_registry:\n  resources:\n    web:\n      hooks: pre-craete",
    _AREA,
    slug="unknown-hook",
    why="Hooks are pre-create, pre-update, pre-delete, post-create, post-update and post-delete: another value "
    "fails with InvalidBreakPointHook.",
    instead="      hooks: pre-create",
    heat_step="environment load (stack create with -e)",
    phase=PHASE.name,
)
E7007 = define(
    "E7007",
    "A `restricted_actions` value other than `update` and `replace` (Heat: InvalidRestrictedAction).",
    "resource_registry:\n  resources:\n    db:\n      restricted_actions: [replace, delete]",
    _AREA,
    slug="unknown-restricted-action",
    why="Only update and replace can be restricted: another value fails with InvalidRestrictedAction.",
    instead="      restricted_actions: [replace, update]",
    heat_step="environment load (stack create with -e)",
    phase=PHASE.name,
)
W7008 = define(
    "W7008",
    "A resource_registry template file that does not exist where the entry says (the path looked for is named): "
    "relative paths are taken from the environment file's folder.",
    "(resource_registry:\n  My::Server: missing.yaml\n\nin an environment file whose folder has no missing.yaml)",
    _AREA,
    slug="registry-file-missing",
    why="python-heatclient reads the registry's template files before it sends the environment: a missing file "
    "stops the request ('Could not fetch contents for the file').",
    instead="(fix the path: relative paths are taken from the environment file's folder)",
    heat_step="client (python-heatclient, before the request)",
    phase=PHASE.name,
)
W7009 = define(
    "W7009",
    "A registry key that ends in .yaml or .template mapped to something: Heat uses the key itself as the template "
    "and ignores the value.",
    "resource_registry:\n  server.yaml: other_server.yaml",
    _AREA,
    slug="registry-file-key",
    why="A key ending in .yaml or .template is itself the template: Heat ignores the value it is mapped to.",
    instead="resource_registry:\n  My::Server: other_server.yaml",
    heat_step="none: Heat ignores the value",
    phase=PHASE.name,
)
W7010 = define(
    "W7010",
    "A registry alias to a type nothing defines: a misspelt name in a namespace Heat ships (`OS::Nova::Servr`), or a "
    "file name Heat does not read as a template (`server.yml`).",
    "resource_registry:\n  My::Server: OS::Nova::Servr",
    _AREA,
    slug="registry-alias-unknown",
    why="The alias points at a type nothing defines: every resource of the mapped type fails with 'The "
    "Resource Type (OS::Nova::Servr) could not be found.'; a .yml file is not read as a template.",
    instead="resource_registry:\n  My::Server: OS::Nova::Server",
    heat_step="stack validate",
    phase=PHASE.name,
)
W7011 = define(
    "W7011",
    "A parameter_merge_strategies value other than overwrite, merge and deep_merge: Heat falls back to the file's "
    "default strategy.",
    "parameter_merge_strategies:\n  ServiceNetMap: deep-merge",
    _AREA,
    slug="unknown-merge-strategy",
    why="Strategies are overwrite, merge and deep_merge: Heat falls back to the environment's default strategy "
    "for an unknown one, so the values are not merged as meant.",
    instead="parameter_merge_strategies:\n  ServiceNetMap: deep_merge",
    heat_step="none: Heat uses the default strategy",
    phase=PHASE.name,
)
W7015 = define(
    "W7015",
    "A parameters or parameter_defaults name that no template the environment is used with declares (a misspelt "
    "name does nothing; in `parameters` Heat refuses it: The Parameter (x) was not defined in template).",
    "(parameter_defaults:\n  NtpServr: pool.ntp.org\n\nin an environment used with templates that declare NtpServer)",
    _AREA,
    slug="undeclared-environment-parameter",
    why="A parameter_defaults name no template declares does nothing (a misspelt name is lost silently); in "
    "`parameters` Heat refuses it: 'The Parameter (x) was not defined in template.'",
    instead="parameter_defaults:\n  NtpServer: pool.ntp.org",
    heat_step="none for parameter_defaults; stack create for parameters",
    phase=PHASE.name,
)

E7016 = define(
    "E7016",
    "An environment given with a template (`check --env`) names in `parameters` a parameter that template does not "
    "declare: Heat refuses the stack (The Parameter (x) was not defined in template).",
    "(parameters:\n  flavour: m1.small\n\nin an environment given with a template that declares flavor)",
    _AREA,
    slug="parameter-not-in-template",
    why="Values in an environment's `parameters` must name the template's parameters: 'UnknownUserParameter: "
    "The Parameter (flavour) was not defined in template.'",
    instead="parameters:\n  flavor: m1.small",
    heat_step="stack create: parameter validation",
    phase=PHASE.name,
)
# Sections a template has and an environment does not: the file was probably meant as a template.
_TEMPLATE_SECTIONS = ("resources", "outputs", "conditions", "description", "parameter_groups")
# Spellings the published docs use that Heat refuses (heat-27-facts.md §10.13).
_DOCUMENTED_SPELLINGS = {"encrypted_parameters": "encrypted_param_names"}


@dataclass(frozen=True, slots=True)
class _Shape:
    kind: type[Node]
    wanted: str
    empty_ok: bool  # Heat skips a falsy value ('' or []) of the wrong kind rather than failing


_SHAPES: dict[str, _Shape] = {
    "parameters": _Shape(Mapping, "a map of parameter names to values", True),
    "parameter_defaults": _Shape(Mapping, "a map of parameter names to default values", True),
    "resource_registry": _Shape(Mapping, "a map of resource types to types or template files", False),
    "parameter_merge_strategies": _Shape(Mapping, "a map of parameter names to merge strategies", False),
    "event_sinks": _Shape(Sequence, "a list of event sinks", True),
    "encrypted_param_names": _Shape(Sequence, "a list of parameter names", True),
}
_EVENT_SINK_KEYS = ("type", "target", "ttl")  # ZaqarEventSink(target, ttl=None), plus the type Heat pops
_EVENT_SINK_TYPES = ("zaqar-queue",)  # setup.cfg heat.event_sinks
# A name Heat would not read as a template though it looks like a file (another extension, or .YAML: its test is
# case-sensitive).
_FILE_LIKE = re.compile(r"\.(ya?ml|json|hot|te?mpl(ate)?|tpl|j2|txt)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Surroundings:
    """What the environment rules need besides the file: the types Heat knows, where the file is (None: not on
    disk, so relative paths cannot be checked), and the folders whose absolute paths may be looked at."""

    catalogue: Catalogue
    document_path: str | None = None
    roots: tuple[str, ...] = ()
    known_parameters: frozenset[str] | None = None  # what the templates it is used with declare (None: not known)
    given: bool = False  # the user gave the file as an environment: what python-heatclient refuses is an error

    def folders(self) -> tuple[str, ...]:
        """Absolute template paths are looked for only below these (the workspace, else the file's folder)."""
        if self.roots:
            return absolute_roots(self.roots)
        return (os.path.dirname(os.path.abspath(self.document_path)),) if self.document_path else ()


def check(context: RuleContext) -> None:
    environment, report = context.environment, context.report
    around = Surroundings(
        resource_catalogue(context.resource_type_paths),
        context.document_path,
        context.file_roots,
        context.known_parameters,
        context.given_environment,
    )
    _sections(environment, report)
    registry = environment.sections.get("resource_registry")
    if isinstance(registry, Mapping):
        _Registry(environment, report, around).check(registry)
    strategies = environment.sections.get("parameter_merge_strategies")
    if isinstance(strategies, Mapping):
        _merge_strategies(strategies, report)
    sinks = environment.sections.get("event_sinks")
    if isinstance(sinks, Sequence):
        _event_sinks(sinks, report)
    if around.known_parameters is not None:
        _undeclared_parameters(environment, report, around.known_parameters)


# -- sections ---------------------------------------------------------------------------------------------------


def _sections(environment: EnvironmentModel, report: Reporter) -> None:
    for pair in environment.root.pairs:
        name = pair.key_value
        if name not in SECTIONS:
            _unknown_section(environment, pair.key, name, report)
        elif isinstance(pair.value, Scalar) and pair.value.value is None:
            empty = "[]" if name in ("event_sinks", "encrypted_param_names") else "{}"
            message = (
                f'`{name}` has no value (Heat: environment has empty section "{name}"). Write `{empty}` or remove it.'
            )
            report(E7002, pair.key, message, QuickFix(fix="add_key", key=name, value=empty))
        else:
            _shape(environment, name, pair.value, report)


def _unknown_section(environment: EnvironmentModel, key: Node, name: object, report: Reporter) -> None:
    shown = name if isinstance(name, str) else (key.text if isinstance(key, Scalar) else "a list or map")
    heard = f'Heat: environment has wrong section "{shown}"'
    data = None
    if not isinstance(name, str):
        message = f"`{shown}` is not an environment section ({heard})."
    elif name in _DOCUMENTED_SPELLINGS:
        right = _DOCUMENTED_SPELLINGS[name]
        message = f"`{name}` is how Heat's documentation spells it, but Heat only accepts `{right}` ({heard})."
        data = QuickFix(suggestions=[right])
    elif name in _TEMPLATE_SECTIONS:
        env_sections = [s for s in environment.sections if s in SECTIONS and s != "parameters"]
        why = f" because it has `{env_sections[0]}`" if env_sections else ""
        message = (
            f"`{name}` is a template section, but this file is read as an environment{why} ({heard}). "
            "Give a template its `heat_template_version`; keep environments to parameters, parameter_defaults "
            "and resource_registry."
        )
    else:
        near = did_you_mean(name, SECTIONS, 1)
        hint = f" Did you mean `{near[0]}`?" if near else ""
        message = f"`{shown}` is not an environment section ({heard}).{hint}"
        data = QuickFix(suggestions=near) if near else None
    report(E7001, key, message, data=data)


def _shape(environment: EnvironmentModel, name: str, value: Node, report: Reporter) -> None:
    shape = _SHAPES.get(name)
    if shape is None or isinstance(value, shape.kind):
        return
    if shape.empty_ok and _is_falsy(value):
        return
    got = "a list" if isinstance(value, Sequence) else "a map" if isinstance(value, Mapping) else _said(value)
    message = f"`{name}` must be {shape.wanted}, not {got}."
    severity = 0
    if name == "encrypted_param_names":
        severity = WARNING
        message += " Heat fills this section itself; it fails on it only when it encrypts hidden parameters."
    elif name == "parameter_merge_strategies" and not _has_parameters(environment):
        severity = WARNING
        message += " Heat only reads it when the file sets parameters or parameter_defaults."
    report(E7003, _first_line(environment, value), message, severity=severity)


def _has_parameters(environment: EnvironmentModel) -> bool:
    sections = environment.sections
    return any(name in sections and not _is_falsy(sections[name]) for name in ("parameters", "parameter_defaults"))


def _is_falsy(node: Node) -> bool:
    if isinstance(node, Scalar):
        return not node.value
    return len(node) == 0 if isinstance(node, (Mapping, Sequence)) else False


def _said(node: Node) -> str:
    if isinstance(node, Scalar):
        return f"the {node.tag} {node.text!r}" if node.tag != "str" else repr(node.text)
    return "a list" if isinstance(node, Sequence) else "a map"


def _first_line(environment: EnvironmentModel, node: Node) -> tuple[int, int]:
    text = environment.parsed.text
    newline = text.find("\n", node.start, node.end)
    end = node.end if newline < 0 else newline
    return node.start, max(end, node.start + 1)


# -- resource_registry ------------------------------------------------------------------------------------------


class _Registry:
    def __init__(self, environment: EnvironmentModel, report: Reporter, around: Surroundings) -> None:
        self.environment = environment
        self.report = report
        self.around = around
        self._registry: Registry | None = None

    @property
    def registry(self) -> Registry:
        """Heat's global registry with this file's mappings (built on first need: most files have no alias to
        check)."""
        if self._registry is None:
            self._registry = Registry.build(
                self.around.catalogue, [(self.around.document_path or "", self.environment)]
            )
        return self._registry

    def check(self, registry: Mapping) -> None:
        given = self.around.given  # python-heatclient's refusals are errors only in an environment the user gave
        unreadable = (
            unreadable_values(registry, self.report, self.location, self.environment.base_url_for) if given else set()
        )
        for path, pair in walk_registry(registry):
            key, value, name = pair.key, pair.value, pair.key_value
            if not isinstance(name, str):
                shown = key.text if isinstance(key, Scalar) else "a list or map"
                self.report(E7005, key, f"A resource_registry key must be a type or a resource name, not {shown}.")
                continue
            if isinstance(value, Scalar) and value.value is None:
                continue  # null deletes the mapping (in the engine; a given environment's is E7017)
            if id(value) in unreadable:
                continue  # E7017 said it
            if name in HOOK_KEYS:
                _breakpoints(name, value, self.report)
            elif isinstance(value, Mapping):
                continue  # walk_registry goes in
            elif name.endswith(TEMPLATE_SUFFIXES):
                self.report(
                    W7009,
                    value,
                    f"Heat ignores this value: a key ending in .yaml or .template is itself the template (`{name}`). "
                    f"To use another template for `{name}`, map a type name to it instead.",
                )
            elif not isinstance(value, Scalar) or not isinstance(value.value, str):
                self.report(
                    E7005,
                    _first_line(self.environment, value),
                    f"`{name}` must map to a type, a template path, null or a map, not {_said(value)} "
                    "(Heat's registry loader fails on it).",
                )
            elif name == "base_url" and len(path) in (0, 2):
                continue  # python-heatclient's base for relative paths
            elif value.value.strip().endswith(TEMPLATE_SUFFIXES):
                self.template_file(value, self.environment.base_url_for(path))
            elif not name.endswith("*"):
                self.alias(path, name, value)

    # -- template files ---------------------------------------------------------------------------------------

    def template_file(self, node: Scalar, base_url: str | None) -> None:
        written = node.value.strip()
        looked_for = self.location(written, base_url)
        if looked_for is None or os.path.isfile(looked_for):
            return
        rendered = rendered_from(looked_for)
        note = f" TripleO renders it from `{os.path.basename(rendered)}` at deploy time." if rendered else ""
        self.report(
            W7008,
            node,
            f"The template `{written}` does not exist: looked for {looked_for}.{note} Until it does, the client "
            "cannot send this environment (python-heatclient: Could not fetch contents for the file).",
        )

    def location(self, written: str, base_url: str | None) -> str | None:
        """The local file a registry path names, or None when it is not looked for here: a URL, or an absolute
        path (or one below ``base_url``) outside the folders this analysis may look at."""
        found = template_location(written, base_url, self.around.document_path)
        if found is None:
            return None
        return found.path if found.beside else self._inside(found.path)

    def _inside(self, path: str) -> str | None:
        path = os.path.normpath(path)
        for folder in self.around.folders():
            if path == folder or path.startswith(folder.rstrip(os.sep) + os.sep):
                return path
        return None

    # -- aliases -----------------------------------------------------------------------------------------------

    def alias(self, path: tuple[str, ...], name: str, value: Scalar) -> None:
        target = value.value.strip()
        heard = f"Heat, when a resource uses `{name}`: The Resource Type ({target}) could not be found."
        if "::" not in target and ("/" in target or _FILE_LIKE.search(target)):
            stem = _FILE_LIKE.sub("", target)
            self.report(
                W7010,
                value,
                f"`{target}` looks like a template file, but Heat reads a registry target as a template only when it "
                f"ends in .yaml or .template ({heard}). Name the file e.g. `{stem}.yaml`.",
            )
            return
        if not in_heat_namespace(target):
            return  # TripleO and others map to types their other environment files define
        resource = path[1] if len(path) == 2 and path[0] == "resources" else None
        if self.registry.resolve(target, resource).kind != "unknown":
            return
        suggestions = type_suggestions(self.around.catalogue, target)
        hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
        self.report(
            W7010,
            value,
            f"Heat has no resource type `{target}` and this file does not map it ({heard}){hint}",
            data=QuickFix(suggestions=suggestions) if suggestions else None,
        )


def _breakpoints(name: str, value: Node, report: Reporter) -> None:
    """Heat's is_hook_definition / is_valid_restricted_action: a known name, or a list of them."""
    allowed, code = (HOOKS, E7006) if name == "hooks" else (RESTRICTED_ACTIONS, E7007)
    message: Callable[[str], str] = _hook_message if name == "hooks" else _action_message
    if isinstance(value, Sequence):
        for item in value.items:
            if not (isinstance(item, Scalar) and item.value in allowed):
                report(code, _item_span(item), message(_text_of(item)), data=_near(item, allowed))
    elif not (isinstance(value, Scalar) and value.value in allowed):
        report(code, _item_span(value), message(_text_of(value)), data=_near(value, allowed))


def _hook_message(value: str) -> str:
    return (
        f'`{value}` is not a hook Heat has (Heat: InvalidBreakPointHook: Invalid hook type "{value}" for resource '
        f"breakpoint). Hooks: {', '.join(HOOKS)}."
    )


def _action_message(value: str) -> str:
    return (
        f"`{value}` is not an action Heat can restrict (Heat: InvalidRestrictedAction: Invalid restricted_action "
        f'type "{value}" for resource). Restricted actions: {", ".join(RESTRICTED_ACTIONS)}.'
    )


def _text_of(node: Node) -> str:
    return node.text if isinstance(node, Scalar) else ("a list" if isinstance(node, Sequence) else "a map")


def _item_span(node: Node) -> Node | tuple[int, int]:
    return node if isinstance(node, Scalar) else (node.start, node.start + 1)


def _near(node: Node, allowed: tuple[str, ...]) -> QuickFix | None:
    if not (isinstance(node, Scalar) and isinstance(node.value, str)):
        return None
    near = did_you_mean(node.value, allowed, 3)
    return QuickFix(suggestions=near) if near else None


# -- parameter names ---------------------------------------------------------------------------------------------

_UNDECLARED_EFFECT = {
    "parameters": "Heat refuses the stack (The Parameter ({name}) was not defined in template)",
    "parameter_defaults": "Heat ignores it",
}
_SUGGESTION_LENGTH = 3  # candidates for "did you mean" are names this close in length (a TripleO tree has thousands)


def _undeclared_parameters(environment: EnvironmentModel, report: Reporter, known: frozenset[str]) -> None:
    for section, name, key in written_parameters(environment):
        if name not in known:
            found = undeclared_parameter(section, name, key.start, key.end, known)
            report(found.code, key, found.message, data=found.data)


def written_parameters(environment: EnvironmentModel) -> list[tuple[str, str, Node]]:
    """(section, name, key) of each parameter value an environment sets, in ``parameters`` and
    ``parameter_defaults``."""
    written: list[tuple[str, str, Node]] = []
    for section in _UNDECLARED_EFFECT:
        values = environment.sections.get(section)
        if isinstance(values, Mapping):
            written.extend((section, p.key_value, p.key) for p in values.entries() if isinstance(p.key_value, str))
    return written


def undeclared_parameter(section: str, name: str, start: int, end: int, known: Collection[str]) -> Diagnostic:
    """W7015 for ``name``, set in the environment's ``section`` at ``start``..``end``, which no template it is used
    with declares (``known``: the names they do declare, for a did-you-mean)."""
    near = [k for k in known if abs(len(k) - len(name)) <= _SUGGESTION_LENGTH]
    suggestions = did_you_mean(name, near, 3)
    hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
    message = (
        f"No template this environment is used with declares a parameter `{name}`: "
        f"{_UNDECLARED_EFFECT[section].format(name=name)}.{hint}"
    )
    return Diagnostic(W7015, message, start, end, data=QuickFix(suggestions=suggestions) if suggestions else None)


def undeclared_parameters(root: Mapping, template: str, declared: Collection[str]) -> list[Diagnostic]:
    """E7016 for each name in an environment's ``parameters`` that ``template`` (the stack's own template: nested
    ones get their values from their parent, and unknown ``parameter_defaults`` are ignored) does not declare."""
    section = root.get("parameters")
    if not isinstance(section, Mapping):
        return []
    found = []
    for pair in section.entries():
        name = pair.key_value
        if not isinstance(name, str) or name in declared or name in spec.PSEUDO_PARAMETERS:
            continue
        near = did_you_mean(name, list(declared), 1)
        hint = f" Did you mean `{near[0]}`?" if near else ""
        found.append(
            Diagnostic(
                E7016,
                f"{template} declares no parameter `{name}`, so Heat refuses a stack created from it with this "
                f"environment: The Parameter ({name}) was not defined in template.{hint} (Unknown names in "
                "parameter_defaults are ignored instead.)",
                pair.key.start,
                pair.key.end,
                data=QuickFix(suggestions=near) if near else None,
            )
        )
    return found


# -- parameter_merge_strategies and event_sinks -------------------------------------------------------------------


def _merge_strategies(strategies: Mapping, report: Reporter) -> None:
    """Heat's get_param_merge_strategy: an unknown strategy falls back to the file's ``default`` (overwrite when
    the default is unknown too)."""
    default = strategies.get("default")
    default_known = isinstance(default, Scalar) and default.value in MERGE_STRATEGIES
    fallback = f"`{default.value}`" if default_known and isinstance(default, Scalar) else "`overwrite`"
    for pair in strategies.entries():
        value = pair.value
        if isinstance(value, Scalar) and value.value in MERGE_STRATEGIES:
            continue
        shown = _text_of(value)
        is_default = pair.key_value == "default"
        then = "values are overwritten" if is_default else f"Heat uses the file's default, {fallback}, instead"
        near = _near(value, MERGE_STRATEGIES)
        hint = f" Did you mean `{near.suggestions[0]}`?" if near is not None and near.suggestions else ""
        report(
            W7011,
            _item_span(value),
            f"`{shown}` is not a merge strategy ({', '.join(MERGE_STRATEGIES)}): {then}.{hint}",
            data=near,
        )


def _event_sinks(sinks: Sequence, report: Reporter) -> None:
    """Heat's Environment._update_event_sinks: ``sink.pop('type')``, then ``ZaqarEventSink(**rest)``."""
    for sink in sinks.items:
        if not isinstance(sink, Mapping):
            report(E7004, _item_span(sink), "An event sink must be a map: {type: zaqar-queue, target: <queue name>}.")
            continue
        kind = sink.get("type")
        if kind is None:
            report(E7004, (sink.start, sink.start + 1), "The event sink has no `type` (Heat: KeyError: 'type').")
        elif not (isinstance(kind, Scalar) and kind.value in _EVENT_SINK_TYPES):
            report(
                E7004,
                _item_span(kind),
                f"Heat has no event sink of type `{_text_of(kind)}`; the only one is `zaqar-queue`.",
                data=QuickFix(suggestions=list(_EVENT_SINK_TYPES)),
            )
        if "target" not in sink:
            report(
                E7004,
                (sink.start, sink.start + 1),
                "The event sink has no `target`, the Zaqar queue to post events to (Heat: ZaqarEventSink.__init__() "
                "missing 1 required positional argument: 'target').",
            )
        for pair in sink.entries():
            if pair.key_value not in _EVENT_SINK_KEYS:
                report(
                    E7004,
                    pair.key,
                    f"An event sink takes only {', '.join(_EVENT_SINK_KEYS)} (Heat: ZaqarEventSink.__init__() got an "
                    f"unexpected keyword argument '{pair.key_value}').",
                )
