"""`hot-lsp graph`: DOT and Mermaid output, checked by parsing it (Graphviz and Mermaid's own tools are not
installed here), with nested stacks as clusters and disabled resources dashed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from nested_trees import KUBECLUSTER, OVERCLOUD, REGISTRY
from shared_paths import needs_corpus

HEADER = "heat_template_version: 2016-10-14\n"
TOP = (
    HEADER
    + "conditions:\n  never: false\n"
    + "resources:\n"
    + "  net:\n    type: OS::Neutron::Net\n"
    + "  port:\n    type: OS::Neutron::Port\n    properties: {network: {get_resource: net}}\n"
    + "  stack:\n    type: child.yaml\n    depends_on: port\n"
    + "  'odd \"name\" <x>':\n    type: OS::Heat::None\n    condition: never\n    depends_on: net\n"
)
CHILD = HEADER + "resources:\n  a:\n    type: OS::Heat::None\n  b:\n    type: OS::Heat::None\n    depends_on: a\n"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "top.yaml").write_text(TOP)
    (tmp_path / "child.yaml").write_text(CHILD)
    return tmp_path


# -- a small reader of the DOT and Mermaid this command writes -----------------------------------

_QUOTED = r'"(?:[^"\\]|\\.)*"'
_DOT_LINES = {
    "node": re.compile(rf"(r\d+) \[label=({_QUOTED})(, style=dashed)?\];"),
    "edge": re.compile(r"(r\d+) -> (r\d+)( \[style=dashed\])?;"),
    "open": re.compile(r"subgraph (cluster_r\d+) \{"),
    "label": re.compile(rf"label={_QUOTED};"),
    "style": re.compile(r"style=dashed;"),
    "defaults": re.compile(r"node \[shape=box\];"),
    "close": re.compile(r"\}"),
}


def read_dot(text: str) -> dict[str, object]:
    """Nodes (id -> (label, dashed, cluster path)), edges and clusters; fails on anything unexpected."""
    lines = text.splitlines()
    assert re.fullmatch(rf"digraph {_QUOTED} \{{", lines[0]) and lines[-1] == "}" and text.endswith("}\n")
    nodes: dict[str, tuple[str, bool, tuple[str, ...]]] = {}
    edges: list[tuple[str, str, bool]] = []
    clusters: list[str] = []
    open_clusters: list[str] = []
    for line in lines[1:-1]:
        kind, match = next((k, m) for k, p in _DOT_LINES.items() if (m := p.fullmatch(line.strip())))
        if kind == "node":
            assert match[1] not in nodes
            nodes[match[1]] = (match[2][1:-1], bool(match[3]), tuple(open_clusters))
        elif kind == "edge":
            edges.append((match[1], match[2], bool(match[3])))
        elif kind == "open":
            clusters.append(match[1])
            open_clusters.append(match[1])
        elif kind == "close":
            open_clusters.pop()
    assert not open_clusters
    assert all(a in nodes and b in nodes for a, b, _ in edges)
    return {"nodes": nodes, "edges": edges, "clusters": clusters}


_MERMAID_LINES = {
    "node": re.compile(r'(r\d+)\["([^"]*)"\]'),
    "edge": re.compile(r"(r\d+) (-->|-\.->) (r\d+)"),
    "open": re.compile(r'subgraph (cr\d+) \["([^"]*)"\]'),
    "close": re.compile(r"end"),
    "classdef": re.compile(r"classDef disabled stroke-dasharray: 5 5"),
    "class": re.compile(r"class (r\d+(?:,r\d+)*) disabled"),
}


def read_mermaid(text: str) -> dict[str, object]:
    lines = text.splitlines()
    assert lines[0] == "flowchart TD"
    nodes: dict[str, tuple[str, tuple[str, ...]]] = {}
    edges: list[tuple[str, str, bool]] = []
    disabled: set[str] = set()
    open_groups: list[str] = []
    for line in lines[1:]:
        kind, match = next((k, m) for k, p in _MERMAID_LINES.items() if (m := p.fullmatch(line.strip())))
        if kind == "node":
            nodes[match[1]] = (match[2], tuple(open_groups))
        elif kind == "edge":
            edges.append((match[1], match[3], match[2] == "-.->"))
        elif kind == "open":
            open_groups.append(match[1])
        elif kind == "close":
            open_groups.pop()
        elif kind == "class":
            disabled.update(match[1].split(","))
    assert not open_groups
    assert all(a in nodes and b in nodes for a, b, _ in edges) and disabled <= set(nodes)
    return {"nodes": nodes, "edges": edges, "disabled": disabled}


def by_name(nodes: dict[str, tuple]) -> dict[str, str]:
    """Resource name (the label's first line) -> node id."""
    return {label.replace("\\n", "<br/>").split("<br/>")[0]: node for node, (label, *_) in nodes.items()}


# -- tests ----------------------------------------------------------------------------------------


def test_dot_at_depth_zero_has_no_clusters(tree: Path):
    result = run("graph", "top.yaml", cwd=tree)
    assert result.returncode == 0, result.stderr
    graph = read_dot(result.stdout)
    ids = by_name(graph["nodes"])
    assert graph["clusters"] == []
    assert set(ids) == {"net", "port", "stack", 'odd \\"name\\" <x>'}
    edges = {(a, b): dashed for a, b, dashed in graph["edges"]}
    assert edges == {
        (ids["port"], ids["net"]): False,  # get_resource: the arrow goes to what is depended on
        (ids["stack"], ids["port"]): False,
        (ids['odd \\"name\\" <x>'], ids["net"]): True,  # touches a disabled resource: dashed
    }
    assert graph["nodes"][ids['odd \\"name\\" <x>']][1] is True  # disabled: dashed


def test_dot_nested_stacks_are_clusters(tree: Path):
    graph = read_dot(run("graph", "top.yaml", "--nested-depth", "1", cwd=tree).stdout)
    ids = by_name(graph["nodes"])
    cluster = f"cluster_{ids['stack']}"
    assert graph["clusters"] == [cluster]
    assert graph["nodes"][ids["a"]][2] == (cluster,) and graph["nodes"][ids["stack"]][2] == (cluster,)
    assert graph["nodes"][ids["net"]][2] == ()
    assert (ids["b"], ids["a"], False) in graph["edges"]


def test_mermaid_flowchart(tree: Path):
    result = run("graph", "top.yaml", "--nested-depth", "1", "--format", "mermaid", cwd=tree)
    assert result.returncode == 0, result.stderr
    graph = read_mermaid(result.stdout)
    ids = by_name(graph["nodes"])
    odd = "odd #quot;name#quot; #lt;x#gt;"
    assert set(ids) == {"net", "port", "stack", "a", "b", odd}
    assert graph["nodes"][ids["a"]][1] == (f"c{ids['stack']}",)
    assert graph["disabled"] == {ids[odd]}
    assert (ids[odd], ids["net"], True) in graph["edges"] and (ids["port"], ids["net"], False) in graph["edges"]


@needs_corpus
@pytest.mark.parametrize("fmt", ["dot", "mermaid"])
def test_real_trees_give_well_formed_graphs(fmt: str, tmp_path: Path):
    env = tmp_path / "env.yaml"
    env.write_text("parameters:\n  number_of_masters: 2\n  is_cluster_stack: true\n")
    reader = read_dot if fmt == "dot" else read_mermaid
    for args in (
        [str(OVERCLOUD), "--env", str(REGISTRY), "--nested-depth", "MAX"],
        [str(KUBECLUSTER), "--env", str(env), "--nested-depth", "2"],
    ):
        result = run("graph", *args, "--format", fmt, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        graph = reader(result.stdout)
        assert len(graph["nodes"]) > 60 and graph["edges"]
    # Magnum's two masters are clusters of their own inside the group's cluster.
    if fmt == "dot":
        members = [label for label, _, clusters in graph["nodes"].values() if len(clusters) == 2]
        assert any(label.startswith("kube-master\\n") for label in members)
