"""The layers (docs/contracts.md) hold: read from the source's import statements, every one of them (at module level, in
functions and under ``TYPE_CHECKING``), with the packages whose ``__init__`` an import runs.

- a module imports only its own layer or lower ones: document < spec < analysis < features < wiring;
- inside the wiring layer, only the entry points reach sideways (the command line into the commands, the server
  and the fuzzer; the server into the document store);
- no import cycle, of any length;
- no module imports another module's private name (``from x import _y``);
- a library outside the standard one is imported only where the map (docs/architecture.md) says;
- inside ``analysis/``, its parts import only the parts before them (``ANALYSIS_PARTS``).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import hot_lsp
from hot_lsp.analysis.stack.dependencies import strongly_connected

PACKAGE = Path(hot_lsp.__file__).parent
LAYERS = {"document": 0, "spec": 1, "analysis": 2, "features": 3}
WIRING = 4  # server/, store.py, commands/, cli.py, cli_parser.py, fuzz/, __main__.py, cloud/, mcp/
# The only sideways imports in the wiring layer: from an entry point into what it runs. The cloud is reached only
# by the front ends that were told to use one (docs/contracts.md: analysis, features and spec never import it).
WIRING_REACHES = {
    "__main__": {"cli"},
    "cli": {"cli_parser", "commands", "server", "fuzz", "cloud", "mcp"},
    "commands": {"cloud"},
    "server": {"store", "cloud"},
    # The MCP server answers as the command line does by running the commands' own functions (docs/architecture.md);
    # it reaches the cloud only through them.
    "mcp": {"commands"},
}
# docs/contracts.md's "must not" of the cloud package: the layers below wiring never import it, not even lazily.
NEVER_IMPORT_CLOUD = ("document", "spec", "analysis", "features")


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the module imported (or the module a name is imported from)
    names: tuple[str, ...]  # the names taken from it (``from target import a, b``)
    line: int


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imports() -> Iterator[Import]:
    for module, path in MODULES.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "hot_lsp":
                        yield Import(module, alias.name, (), node.lineno)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    target = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    target = node.module or ""
                if target.split(".")[0] != "hot_lsp":
                    continue
                for alias in node.names:
                    submodule = f"{target}.{alias.name}"
                    if submodule in MODULES:  # ``from package import module``
                        yield Import(module, submodule, (), node.lineno)
                    else:
                        yield Import(module, target, (alias.name,), node.lineno)


IMPORTS = list(imports())


def edges() -> dict[str, set[str]]:
    """Module -> the modules importing it runs: the target, and each package above it that the importer is not in."""
    graph: dict[str, set[str]] = {module: set() for module in MODULES}
    for found in IMPORTS:
        parts = found.target.split(".")
        for end in range(2, len(parts) + 1):
            runs = ".".join(parts[:end])
            if runs in MODULES and runs != found.source and not found.source.startswith(runs + "."):
                graph[found.source].add(runs)
    return graph


def layer_of(module: str) -> tuple[int, str]:
    """(layer, unit): the unit is the top-level package or module under hot_lsp."""
    parts = module.split(".")
    unit = parts[1] if len(parts) > 1 else ""
    return LAYERS.get(unit, WIRING), unit


def test_the_graph_is_read() -> None:
    graph = edges()
    assert "hot_lsp.analysis.model.template" in graph["hot_lsp.analysis.rules.functions.calls"]
    assert "hot_lsp.analysis.functions" in graph["hot_lsp.analysis.model.template"]  # a package's __init__ runs
    assert len(MODULES) > 100


def test_no_import_goes_up_or_sideways() -> None:
    wrong = []
    for module, targets in edges().items():
        layer, unit = layer_of(module)
        if unit == "":  # hot_lsp/__init__.py: the version, importable from anywhere
            continue
        for target in sorted(targets):
            target_layer, target_unit = layer_of(target)
            if target_unit in ("", unit):
                continue
            if target_layer > layer:
                wrong.append(f"{module} -> {target} (up)")
            elif target_layer == layer == WIRING and target_unit not in WIRING_REACHES.get(unit, set()):
                wrong.append(f"{module} -> {target} (sideways)")
    assert not wrong, "imports against the layers of docs/contracts.md:\n" + "\n".join(wrong)


def test_the_cloud_is_wiring_level() -> None:
    assert layer_of("hot_lsp.cloud.bundle") == (WIRING, "cloud")
    wrong = [
        f"{found.source}:{found.line} imports {found.target}"
        for found in IMPORTS
        if layer_of(found.source)[1] in NEVER_IMPORT_CLOUD and found.target.startswith("hot_lsp.cloud")
    ]
    assert not wrong, "\n".join(wrong)
    reaching = {unit for unit, targets in WIRING_REACHES.items() if "cloud" in targets}
    assert "cloud" not in WIRING_REACHES and not reaching & set(NEVER_IMPORT_CLOUD)


def test_no_import_cycle() -> None:
    graph = edges()
    cycles = [sorted(group) for group in strongly_connected(graph, graph) if len(group) > 1]
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(cycle) for cycle in cycles)


def test_no_private_name_is_imported_from_another_module() -> None:
    private = [
        f"{found.source}:{found.line} imports {name} from {found.target}"
        for found in IMPORTS
        for name in found.names
        if name.startswith("_") and not name.startswith("__") and found.target != found.source
    ]
    assert not private, "\n".join(private)


FILE_CALLS = frozenset(
    {"open", "parse", "stat", "scandir", "listdir", "isfile", "isdir", "exists", "realpath", "getmtime", "getsize"}
)
FILE_METHODS = frozenset({"read_text", "read_bytes", "open", "stat", "iterdir", "glob", "rglob"})
CACHES = frozenset({"cache", "lru_cache", "cached_property"})


def test_features_read_no_file_and_keep_no_cache() -> None:
    # Features are pure functions of a snapshot: files come through Snapshot.files (the server's FileService), and
    # what they derive is kept with the analysis or the catalogue it comes from (derive), never in the module.
    found = []
    for module, path in MODULES.items():
        if not module.startswith("hot_lsp.features."):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else None
                attribute = node.func.attr if isinstance(node.func, ast.Attribute) else None
                if name in FILE_CALLS or attribute in FILE_CALLS | FILE_METHODS - {"open"}:
                    found.append(f"{module}:{node.lineno} calls {name or attribute}")
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for decorator in node.decorator_list:
                    target = decorator.func if isinstance(decorator, ast.Call) else decorator
                    label = target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
                    if label in CACHES:
                        found.append(f"{module}:{node.lineno} caches {node.name} with {label}")
    assert not found, "\n".join(found)


def test_no_module_is_over_700_lines() -> None:
    long = {module: n for module, path in MODULES.items() if (n := len(path.read_text().splitlines())) > 700}
    assert not long, long


# Inside the analysis layer, its parts in the order they may import each other (docs/architecture.md's code map):
# a part imports only the parts before it. The top-level modules are parts of their own.
ANALYSIS_PARTS = (
    "codes",
    "suggest",
    "wording",
    "suppress",
    "values",
    "functions",
    "model",
    "report",
    "result",
    "entry_findings",
    "evaluation",
    "files",
    "stack",
    "update",
    "rules",
    "workspace",
    "queries",
    "validate",
)
MAX_ANALYSIS_TOP_LEVEL = 12


def analysis_part(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if parts[:2] == ["hot_lsp", "analysis"] and len(parts) > 2 else None


def test_every_analysis_module_is_in_a_part() -> None:
    unplaced = sorted(module for module in MODULES if (part := analysis_part(module)) and part not in ANALYSIS_PARTS)
    assert not unplaced, "add them to a part of ANALYSIS_PARTS (and to the map):\n" + "\n".join(unplaced)


def test_analysis_parts_import_only_earlier_parts() -> None:
    order = {part: index for index, part in enumerate(ANALYSIS_PARTS)}
    wrong = []
    for module, targets in edges().items():
        part = analysis_part(module)
        if part is None:
            continue
        for target in sorted(targets):
            target_part = analysis_part(target)
            if target_part is not None and target_part != part and order[target_part] > order[part]:
                wrong.append(f"{module} -> {target}")
    assert not wrong, "imports against the analysis parts' order:\n" + "\n".join(wrong)


def test_analysis_keeps_few_top_level_modules() -> None:
    top = sorted(path.name for path in (PACKAGE / "analysis").glob("*.py") if path.name != "__init__.py")
    assert len(top) <= MAX_ANALYSIS_TOP_LEVEL, top


# Where each library outside the standard one may be imported (module prefixes under hot_lsp), as the map says: the
# protocol only at the front (features answer in lsprotocol's types, only the server speaks pygls), YAML read only by
# the document layer and written only where a value is printed as YAML, the cloud's libraries only in cloud/, Heat's
# own value libraries only where values are judged. A library not listed here fails the test until the map says.
THIRD_PARTY = {
    "pygls": ("server",),
    "lsprotocol": ("server", "store", "features"),
    "attrs": ("server",),  # lsprotocol's types are attrs classes: the server adapts them for older clients
    "ruamel": ("document", "analysis.evaluation.render_text", "features.preview_text"),
    "openstack": ("cloud",),
    "keystoneauth1": ("cloud",),
    "yaql": ("analysis.values",),
    "netaddr": ("analysis.values", "analysis.rules"),
    "croniter": ("analysis.values",),
    "iso8601": ("analysis.values",),
    "tomli": ("analysis.workspace",),
    # The MCP server's SDK (the mcp extra) and what it runs on, only in the server's adapter.
    "mcp": ("mcp.server",),
    "anyio": ("mcp.server",),
    "jsonschema": ("mcp.server",),
}


def third_party_imports() -> Iterator[tuple[str, str, int]]:
    """(module, library, line) for every import of a top-level package outside hot_lsp and the standard library."""
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                library = name.split(".")[0]
                if library != "hot_lsp" and library not in sys.stdlib_module_names and library != "__future__":
                    yield module, library, node.lineno


def test_libraries_are_imported_only_where_the_map_says() -> None:
    wrong = []
    for module, library, line in third_party_imports():
        inside = module.removeprefix("hot_lsp.")
        allowed = THIRD_PARTY.get(library)
        if allowed is None or not any(inside == place or inside.startswith(place + ".") for place in allowed):
            wrong.append(f"{module}:{line} imports {library} (allowed in: {allowed or 'nowhere yet'})")
    assert not wrong, "\n".join(wrong)


def test_the_library_walk_sees_the_known_imports() -> None:
    found = {(module, library) for module, library, _ in third_party_imports()}
    assert ("hot_lsp.document.builder", "ruamel") in found
    assert ("hot_lsp.server.session", "pygls") in found
    assert ("hot_lsp.cloud.connection", "keystoneauth1") in found
