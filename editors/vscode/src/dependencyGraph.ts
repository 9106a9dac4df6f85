// "Show dependency graph": `hot-lsp graph` as Mermaid (in Markdown, for any Mermaid preview) or Graphviz DOT,
// opened beside the template as text. Nothing is fetched or rendered remotely.
import * as vscode from 'vscode';
import { runSubcommand, showBeside, templateDocument } from './cli';
import { pickNestedDepth } from './nestedDepth';
import { environmentFiles, resourceTypeArguments } from './settings';

export type GraphFormat = 'mermaid' | 'dot';

async function pickFormat(): Promise<GraphFormat | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'Mermaid', description: 'a flowchart in a Markdown document', format: 'mermaid' as const },
      { label: 'Graphviz DOT', description: 'for `dot -Tsvg`', format: 'dot' as const },
    ],
    { placeHolder: 'Graph format' },
  );
  return picked?.format;
}

export async function showDependencyGraph(
  output: vscode.OutputChannel,
  uri?: vscode.Uri,
  depth?: number,
  format?: GraphFormat,
): Promise<vscode.TextDocument | undefined> {
  const template = await templateDocument(uri);
  depth = depth ?? (template ? await pickNestedDepth() : undefined);
  format = format ?? (depth !== undefined ? await pickFormat() : undefined);
  if (!template || depth === undefined || format === undefined) {
    return undefined;
  }
  const environments = (await environmentFiles(template.uri)).flatMap((file) => ['--env', file]);
  const args = [
    ...environments,
    ...resourceTypeArguments(template.uri),
    '--nested-depth',
    String(depth),
    '--format',
    format,
  ];
  const graph = await runSubcommand('graph', template, args, output);
  if (graph === undefined) {
    return undefined;
  }
  return format === 'mermaid'
    ? showBeside('```mermaid\n' + graph.trimEnd() + '\n```\n', 'markdown')
    : showBeside(graph, 'plaintext');
}
