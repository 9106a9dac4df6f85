// "Show resources (nested depth…)": the hot/resourceList request, as a quick pick that opens the picked
// resource where it is written (nested stacks included).
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { pickNestedDepth } from './nestedDepth';

export const RESOURCE_LIST = 'hot/resourceList';

interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

// One row of the `resources` JSON (docs/cli.md, "Listing resources, nested stacks included").
export interface ResourceRow {
  resource_name: string;
  resource_type: string;
  parent?: string;
  nested_template?: string | null;
  depth: number;
  enabled: boolean;
  required_by: string[];
  file: string;
  range: LspRange;
  child_template?: string;
  note?: string;
  cycle?: boolean;
}

export async function resourceList(client: LanguageClient, uri: vscode.Uri, depth: number): Promise<ResourceRow[]> {
  const answer = await client.sendRequest<{ resources: ResourceRow[] }>(RESOURCE_LIST, {
    textDocument: { uri: uri.toString() },
    nestedDepth: depth,
  });
  return answer?.resources ?? [];
}

function toItem(row: ResourceRow): vscode.QuickPickItem & { row: ResourceRow } {
  const where = row.parent ? `in ${row.parent}` : 'top level';
  const details = [where, row.enabled ? '' : 'disabled by its condition', row.note ?? ''];
  if (row.required_by.length > 0) {
    details.push(`required by ${row.required_by.join(', ')}`);
  }
  return {
    label: `${'    '.repeat(row.depth)}${row.resource_name}`,
    description: row.resource_type,
    detail: details.filter(Boolean).join(' · '),
    row,
  };
}

async function reveal(row: ResourceRow): Promise<void> {
  const uri = /^[a-z][a-z0-9+.-]+:\/\//i.test(row.file) ? vscode.Uri.parse(row.file) : vscode.Uri.file(row.file);
  const start = new vscode.Position(row.range.start.line, row.range.start.character);
  const end = new vscode.Position(row.range.end.line, row.range.end.character);
  await vscode.window.showTextDocument(uri, { selection: new vscode.Range(start, end) });
}

export async function showResources(client: LanguageClient | undefined): Promise<void> {
  const document = vscode.window.activeTextEditor?.document;
  if (!client || !document || document.languageId !== 'yaml') {
    void vscode.window.showWarningMessage('hot-lsp: open a Heat template (with the server running) first.');
    return;
  }
  const depth = await pickNestedDepth();
  if (depth === undefined) {
    return;
  }
  const rows = await resourceList(client, document.uri, depth);
  if (rows.length === 0) {
    void vscode.window.showInformationMessage('hot-lsp: no resources (is this a Heat template?).');
    return;
  }
  const picked = await vscode.window.showQuickPick(rows.map(toItem), {
    placeHolder: `${rows.length} resources, nested depth ${depth}: pick one to go to it`,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (picked) {
    await reveal(picked.row);
  }
}
