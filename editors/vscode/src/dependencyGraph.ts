// "Show dependency graph": the server's hot-lsp.graph (as `hot-lsp graph` prints it, unsaved edits included) as
// Mermaid (in Markdown, for any Mermaid preview) or Graphviz DOT, opened beside the template as text. Nothing is
// fetched or rendered remotely.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { pickNestedDepth } from './nestedDepth';
import { GRAPH_COMMAND, serverCommand, showBeside, templateDocument } from './serverCommands';

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
  client: LanguageClient | undefined,
  uri?: vscode.Uri,
  depth?: number,
  format?: GraphFormat,
): Promise<vscode.TextDocument | undefined> {
  const template = await templateDocument(client, uri);
  depth = depth ?? (template ? await pickNestedDepth() : undefined);
  format = format ?? (depth !== undefined ? await pickFormat() : undefined);
  if (!client || !template || depth === undefined || format === undefined) {
    return undefined;
  }
  const graph = await serverCommand<string>(client, GRAPH_COMMAND, {
    uri: template.uri.toString(),
    nestedDepth: depth,
    format,
  });
  if (graph === undefined) {
    return undefined;
  }
  return format === 'mermaid'
    ? showBeside('```mermaid\n' + graph.trimEnd() + '\n```\n', 'markdown')
    : showBeside(graph, 'plaintext');
}
