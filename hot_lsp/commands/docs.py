"""``hot-lsp docs TEMPLATE [--env FILE]... [--nested-depth N] [--format markdown|json] [--output FILE | --inject
FILE]``: a template's documentation, generated from the template itself, as a template repository's README lists
it by hand: description, parameters (groups as sections), resources, outputs, conditions, the nested templates
down a depth, and the environments' resource registry.

Everything comes out in the template's own order, so the same files give the same bytes. ``--inject`` rewrites only
what lies between ``<!-- BEGIN_HOT_LSP_DOCS ... -->`` and ``END_MARK`` in the file (appending both at its end when
absent, the begin marker naming the template), and leaves the file untouched when that part is already current.
Without a TEMPLATE, the begin marker's ``template=`` (and ``env=``) name it: so the pre-commit hook
(``hot-lsp-docs``: ``hot-lsp docs --inject README.md``) needs no argument to keep a README in step.

Exit 0 once written; 2 when a file cannot be used.
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import Any

from ..analysis.files.template_files import TemplateFiles
from ..analysis.model.template import TemplateModel
from ..analysis.stack.template_tree import Tree, TreeNode
from ..document import Mapping, Node
from .environments import CommandLineFileError
from .resources import tree_sources

EXIT_OK, EXIT_USAGE = 0, 2
END_MARK = "<!-- END_HOT_LSP_DOCS -->"


def run_docs(
    template: str | None,
    environments: list[str],
    depth: int,
    fmt: str,
    output: str | None,
    inject: str | None,
    resource_types: tuple[str, ...] = (),
) -> int:
    if template is None and inject:
        template, marked = marked_inputs(inject)
        environments = environments or marked
    if template is None:
        where = f"{inject} has no <!-- BEGIN_HOT_LSP_DOCS template=... --> marker naming one" if inject else ""
        print(f"hot-lsp docs: give a TEMPLATE{': ' + where if where else ''}", file=sys.stderr)
        return EXIT_USAGE
    try:
        found = template_docs(template, environments, depth, resource_types)
    except CommandLineFileError as problem:
        print(f"hot-lsp docs: {problem}", file=sys.stderr)
        return EXIT_USAGE
    text = json.dumps(found, indent=2, ensure_ascii=False) + "\n" if fmt == "json" else markdown(found)
    try:
        if inject:
            changed = inject_into(inject, text, template)
            print(f"hot-lsp docs: {inject} {'updated' if changed else 'already current'}", file=sys.stderr)
        elif output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
        else:
            sys.stdout.write(text)
    except OSError as error:
        print(f"hot-lsp docs: {error.filename or inject or output}: {error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


# -- what the template says ----------------------------------------------------------------------------------


def template_docs(
    template: str, environments: list[str], depth: int = 1, resource_types: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The documentation's data (the ``--format json`` output); CommandLineFileError when a file is unusable."""
    sources = tree_sources(template, environments, resource_types)
    tree = sources.build(depth)
    analysis, files, loaded = sources.analysis, sources.files, sources.environments
    assert analysis.model is not None  # read_template made sure
    found = _one_template(template, analysis.model, tree.resources)
    found["nested_templates"] = _nested(tree, files)
    found["resource_registry"] = [
        {
            "type": entry.name,
            "resource": entry.resource,
            "maps_to": entry.target,
            "environment": environment.path,
        }
        for environment in loaded
        if environment.model is not None
        for entry in environment.model.registry
    ]
    return found


def _one_template(path: str, model: TemplateModel, nodes: list[TreeNode]) -> dict[str, Any]:
    root = model.root
    groups = _python(root.get("parameter_groups")) if isinstance(root, Mapping) else None
    grouped = {
        str(name): str(group.get("label") or "")
        for group in (groups if isinstance(groups, list) else [])
        if isinstance(group, dict)
        for name in (group.get("parameters") or [])
    }
    children = {node.name: node for node in nodes}
    return {
        "template": path,
        "heat_template_version": str(model.version_pair.value.to_python()) if model.version_pair else None,
        "description": _text(root.get("description")) if isinstance(root, Mapping) else "",
        "parameter_groups": [
            {
                "label": str(group.get("label") or ""),
                "description": str(group.get("description") or ""),
                "parameters": [str(name) for name in group.get("parameters") or []],
            }
            for group in (groups if isinstance(groups, list) else [])
            if isinstance(group, dict)
        ],
        "parameters": [_parameter(name, entry.value, grouped.get(name)) for name, entry in model.parameters.items()],
        "resources": [
            _resource(name, entry.value, children.get(name), os.path.dirname(os.path.abspath(path)))
            for name, entry in model.resources.items()
        ],
        "outputs": [
            {
                "name": name,
                "description": _text(entry.value.get("description")) if isinstance(entry.value, Mapping) else "",
                "condition": _python(entry.value.get("condition")) if isinstance(entry.value, Mapping) else None,
            }
            for name, entry in model.outputs.items()
        ],
        "conditions": [{"name": name, "definition": _python(entry.value)} for name, entry in model.conditions.items()],
    }


def _parameter(name: str, body: Node, group: str | None) -> dict[str, Any]:
    given = body if isinstance(body, Mapping) else None

    def field(key: str) -> Any:
        return _python(given.get(key)) if given is not None else None

    return {
        "name": name,
        "type": field("type"),
        "default": field("default"),
        "description": _text(given.get("description")) if given is not None else "",
        "label": field("label"),
        "constraints": field("constraints") or [],
        "hidden": field("hidden") is True,
        "immutable": field("immutable") is True,
        "group": group,
    }


def _resource(name: str, body: Node, node: TreeNode | None, folder: str) -> dict[str, Any]:
    given = body if isinstance(body, Mapping) else None
    nested = node.child_template if node is not None else None
    if nested is None and node is not None and node.children and all(child.member for child in node.children):
        nested = node.children[0].child_template  # a group: its members' template
    return {
        "name": name,
        "type": _python(given.get("type")) if given is not None else None,
        "nested_template": os.path.relpath(nested, folder) if nested else None,
        "condition": _python(given.get("condition")) if given is not None else None,
    }


def _nested(tree: Tree, files: TemplateFiles) -> list[dict[str, Any]]:
    """Each nested template the tree reaches (once, in the order first met), with who uses it."""
    found: dict[str, dict[str, Any]] = {}
    for node in tree.walk():
        path = node.child_template
        if path is None or node.cycle:
            continue
        if node.member and node.parent is not None:
            used = f"{node.parent.name} (each member)"
        else:
            used = f"{node.parent.name}/{node.name}" if node.parent is not None else node.name
        if path in found:
            if used not in found[path]["used_by"]:
                found[path]["used_by"].append(used)
            continue
        child = files.template(path)
        model = child.analysis.model if child.analysis is not None else None
        if model is None:
            found[path] = {"template": path, "used_by": [used], "problem": child.problem or "not a HOT template"}
            continue
        data = _one_template(path, model, node.children)
        found[path] = {"used_by": [used], **data}
    top = os.path.dirname(os.path.abspath(tree.file))
    for item in found.values():  # named from the top template's folder, whatever the working folder
        item["template"] = os.path.relpath(os.path.abspath(item["template"]), top)
    return list(found.values())


def _python(node: Node | None) -> Any:
    return node.to_python() if node is not None else None


def _text(node: Node | None) -> str:
    value = _python(node)
    return " ".join(str(value).split()) if value is not None else ""


# -- Markdown ------------------------------------------------------------------------------------------------


def markdown(found: dict[str, Any], level: int = 1) -> str:
    """The documentation as Markdown: headings from ``level`` down, tables in the template's order."""
    out: list[str] = []
    head = "#" * level
    out.append(f"{head} `{os.path.basename(found['template'])}`\n")
    if found.get("description"):
        out.append(f"{found['description']}\n")
    if found.get("heat_template_version"):
        out.append(f"Heat template version: `{found['heat_template_version']}`\n")
    out += _parameters(found, level + 1)
    if found["resources"]:
        out.append(f"{head}# Resources\n")
        rows = [
            [f"`{r['name']}`", _code(r["type"]), _code(r["nested_template"]), _code(r["condition"])]
            for r in found["resources"]
        ]
        out.append(_table(["name", "type", "nested template", "condition"], rows))
    if found["outputs"]:
        out.append(f"{head}# Outputs\n")
        rows = [[f"`{o['name']}`", _cell(o["description"]), _code(o["condition"])] for o in found["outputs"]]
        out.append(_table(["name", "description", "condition"], rows))
    if found["conditions"]:
        out.append(f"{head}# Conditions\n")
        rows = [[f"`{c['name']}`", _code(c["definition"])] for c in found["conditions"]]
        out.append(_table(["name", "definition"], rows))
    for child in found.get("nested_templates", []):
        out.append(f"{head}# Nested template `{os.path.basename(child['template'])}`\n")
        out.append("Used by " + ", ".join(f"`{u}`" for u in child["used_by"]) + ".\n")
        if "problem" in child:
            out.append(f"Not read: {child['problem']}\n")
            continue
        nested = markdown({**child, "nested_templates": []}, level + 1).split("\n", 2)[2]  # (its own title dropped)
        out.append(nested.rstrip("\n") + "\n")
    registry = found.get("resource_registry") or []
    if registry:
        out.append(f"{head}# Resource registry\n")
        rows = [
            [_code(e["type"]), _code(e["resource"]), _code(e["maps_to"]), _code(os.path.basename(e["environment"]))]
            for e in registry
        ]
        out.append(_table(["type", "for resource", "maps to", "environment"], rows))
    return "\n".join(out)


def _parameters(found: dict[str, Any], level: int) -> list[str]:
    if not found["parameters"]:
        return []
    head = "#" * level
    out = [f"{head} Parameters\n"]
    by_name = {p["name"]: p for p in found["parameters"]}
    sections: list[tuple[str, str, list[dict[str, Any]]]] = [
        (g["label"] or "(no label)", g["description"], [by_name[n] for n in g["parameters"] if n in by_name])
        for g in found["parameter_groups"]
    ]
    ungrouped = [p for p in found["parameters"] if p["group"] is None]
    if sections and ungrouped:
        sections.append(("Other parameters", "", ungrouped))
    if not sections:
        sections = [("", "", ungrouped)]
    for label, description, parameters in sections:
        if label:
            out.append(f"{head}# {label}\n")
        if description:
            out.append(f"{description}\n")
        rows = [
            [
                f"`{p['name']}`",
                _code(p["type"]),
                "(hidden)" if p["hidden"] and p["default"] is not None else _code(p["default"]),
                _cell(p["description"]),
                _constraints(p),
            ]
            for p in parameters
        ]
        out.append(_table(["name", "type", "default", "description", "constraints"], rows))
    return out


def _constraints(parameter: dict[str, Any]) -> str:
    parts = []
    for constraint in parameter["constraints"] if isinstance(parameter["constraints"], list) else []:
        if isinstance(constraint, dict):
            parts += [f"{key}: {_inline(value)}" for key, value in constraint.items() if key != "description"]
    if parameter["immutable"]:
        parts.append("immutable")
    if parameter["hidden"]:
        parts.append("hidden")
    return _cell("; ".join(parts))


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _inline(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=False)


def _code(value: Any) -> str:
    if value is None or value == "":
        return ""
    return "`" + _cell(_inline(value)).replace("`", "'") + "`"


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


# -- --inject ------------------------------------------------------------------------------------------------


_BEGIN = re.compile(r"<!-- BEGIN_HOT_LSP_DOCS(?P<attributes>[^>]*?)\s*-->")


def marked_inputs(path: str) -> tuple[str | None, list[str]]:
    """The template and environments a file's begin marker names (``<!-- BEGIN_HOT_LSP_DOCS template=main.yaml
    env=a.yaml,b.yaml -->``), relative to that file's folder; (None, []) when it names none."""
    try:
        with open(path, encoding="utf-8") as handle:
            found = _BEGIN.search(handle.read())
    except FileNotFoundError:
        return None, []
    if found is None:
        return None, []
    attributes = dict(part.split("=", 1) for part in found.group("attributes").split() if "=" in part)
    folder = os.path.dirname(path)
    template = attributes.get("template")
    environments = [os.path.join(folder, env) for env in attributes.get("env", "").split(",") if env]
    return (os.path.join(folder, template) if template else None), environments


def inject_into(path: str, text: str, template: str | None = None) -> bool:
    """Put ``text`` between the markers in the file at ``path`` (appended with them when absent, the begin marker
    naming ``template`` so that the next run needs no argument); whether the file changed."""
    try:
        with open(path, encoding="utf-8") as handle:
            current = handle.read()
    except FileNotFoundError:
        current = ""
    begin = _BEGIN.search(current)
    end = current.find(END_MARK, begin.end()) if begin is not None else -1
    if begin is not None and end != -1:
        updated = current[: begin.end()] + "\n" + text.rstrip() + "\n" + current[end:]
    else:
        named = f" template={os.path.relpath(template, os.path.dirname(path) or '.')}" if template else ""
        block = f"<!-- BEGIN_HOT_LSP_DOCS{named} -->\n{text.rstrip()}\n{END_MARK}"
        updated = (current.rstrip("\n") + "\n\n" if current.strip() else "") + block + "\n"
    if updated == current:
        return False
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(updated)
    return True
