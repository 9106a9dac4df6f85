// The dependency graph as Graphviz DOT from the rows of hot/resourceList, drawn as `hot-lsp graph --format dot`
// draws it (hot_lsp/commands/graph.py): node ids r0, r1, … in row order, so that node rN is rows[N]; a resource
// that makes a nested stack is a cluster holding it and the stack's resources; an arrow goes from a resource to
// what it depends on (its dependency's required_by, within one stack); disabled resources and their arrows dashed.
// The end-to-end test checks this text equals the CLI's for the same file.
import type { ResourceRow } from './resources';

function quoted(text: string): string {
  return '"' + text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, ' ') + '"';
}

function basename(file: string): string {
  return file.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? file;
}

interface GraphNode {
  id: string;
  row: ResourceRow;
  children: GraphNode[];
}

// Rows come parents first, each followed by its nested stack's rows one level deeper.
function toTree(rows: ResourceRow[]): GraphNode[] {
  const top: GraphNode[] = [];
  const open: GraphNode[] = []; // open[d]: the latest node at depth d
  rows.forEach((row, index) => {
    const node = { id: `r${index}`, row, children: [] };
    const siblings = row.depth > 0 && open[row.depth - 1] ? open[row.depth - 1].children : top;
    siblings.push(node);
    open[row.depth] = node;
    open.length = row.depth + 1;
  });
  return top;
}

function* walk(nodes: GraphNode[]): Generator<GraphNode> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children);
  }
}

function label(row: ResourceRow): string[] {
  const lines = [row.resource_name, row.resource_type || '(no type)'];
  if (row.cycle) {
    lines.push('(includes its ancestor)');
  } else if (row.note && row.child_template) {
    lines.push('(not listed)');
  }
  return lines;
}

function clusterTitle(row: ResourceRow): string {
  return `${row.resource_name}: ${row.child_template ? basename(row.child_template) : row.resource_type || ''}`;
}

export function graphDot(rows: ResourceRow[], file: string): string {
  const top = toTree(rows);
  const out = [`digraph ${quoted(basename(file))} {`, '  node [shape=box];'];
  const emit = (node: GraphNode, indent: string): void => {
    const text = label(node.row)
      .map((line) => quoted(line).slice(1, -1))
      .join('\\n');
    const declaration = `${node.id} [label="${text}"${node.row.enabled ? '' : ', style=dashed'}];`;
    if (node.children.length === 0) {
      out.push(indent + declaration);
      return;
    }
    out.push(`${indent}subgraph cluster_${node.id} {`, `${indent}  label=${quoted(clusterTitle(node.row))};`);
    if (!node.row.enabled) {
      out.push(`${indent}  style=dashed;`);
    }
    out.push(`${indent}  ${declaration}`);
    node.children.forEach((child) => emit(child, indent + '  '));
    out.push(`${indent}}`);
  };
  top.forEach((node) => emit(node, '  '));
  const stacks = [top, ...[...walk(top)].filter((node) => node.children.length > 0).map((node) => node.children)];
  for (const siblings of stacks) {
    const byName = new Map(siblings.map((node) => [node.row.resource_name, node]));
    for (const dependency of siblings) {
      for (const name of dependency.row.required_by) {
        const dependent = byName.get(name);
        if (dependent) {
          const dashed = dependent.row.enabled && dependency.row.enabled ? '' : ' [style=dashed]';
          out.push(`  ${dependent.id} -> ${dependency.id}${dashed};`);
        }
      }
    }
  }
  out.push('}');
  return out.join('\n') + '\n';
}
