// "Heat: Preview stack update on cloud": the server's hot-lsp.preview command (workspace/executeCommand) for
// the template in the editor, shown beside it as a Markdown document: what is replaced and deleted first.
// With hotLsp.stacks mapping the template to a stack, Heat's update dry run of that stack; else Heat's create
// preview. The cloud is sent the file as saved, so a changed editor is saved first.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';

export const PREVIEW_COMMAND = 'hot-lsp.preview';
export const REFRESH_CATALOGUE_COMMAND = 'hot-lsp.refreshCloudCatalogue';

interface ChangeRow {
  resource_name: string;
  resource_type: string | null;
  parent: string | null;
  reason?: string;
}

// The JSON of `hot-lsp preview`: each kind of change with its rows.
export type Changes = Record<'added' | 'deleted' | 'replaced' | 'updated' | 'unchanged' | 'undecided', ChangeRow[]>;

// Most dangerous first, as `hot-lsp preview`'s table shows them.
const ORDER: [keyof Changes, string][] = [
  ['replaced', 'Replaced (a new resource, a new physical id: its data is lost)'],
  ['deleted', 'Deleted'],
  ['undecided', 'Undecided (only the cloud can say)'],
  ['added', 'Added'],
  ['updated', 'Updated in place'],
  ['unchanged', 'Unchanged'],
];

function cell(text: string | null): string {
  return (text ?? '').replace(/\|/g, '\\|');
}

export function renderChanges(changes: Changes, title: string): string {
  const lines = [`# ${title}`, ''];
  lines.push(ORDER.map(([kind]) => `${changes[kind]?.length ?? 0} ${kind}`).join(' · '), '');
  for (const [kind, heading] of ORDER) {
    const rows = changes[kind] ?? [];
    if (rows.length === 0) {
      continue;
    }
    lines.push(`## ${heading}`, '', '| resource | type | in nested stack of | why |', '|---|---|---|---|');
    for (const row of rows) {
      const why = cell(row.reason ?? null);
      lines.push(`| ${cell(row.resource_name)} | ${cell(row.resource_type)} | ${cell(row.parent)} | ${why} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

function mappedStack(document: vscode.Uri): string | undefined {
  // Only for the title: the server decides (the first glob of hotLsp.stacks that matches).
  const stacks = vscode.workspace.getConfiguration('hotLsp').get<Record<string, string>>('stacks', {});
  const relative = vscode.workspace.asRelativePath(document, false);
  for (const [glob, stack] of Object.entries(stacks)) {
    const pattern = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '(?:.*/)?').replace(/\*/g, '[^/]*');
    if (new RegExp(`^(?:.*/)?${pattern}$`).test(relative)) {
      return stack;
    }
  }
  return undefined;
}

export async function previewOnCloud(client: LanguageClient | undefined, uri?: vscode.Uri): Promise<void> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (!client || !document || document.uri.scheme !== 'file') {
    void vscode.window.showWarningMessage('hot-lsp: open a Heat template saved on disk (with the server running) first.');
    return;
  }
  const cloud = vscode.workspace.getConfiguration('hotLsp').get<string>('cloud', '');
  if (!cloud) {
    void vscode.window.showWarningMessage('hot-lsp: set hotLsp.cloud to an entry of your clouds.yaml first.');
    return;
  }
  if (document.isDirty) {
    await document.save();
  }
  const stack = mappedStack(document.uri);
  const title = stack ? `Update of stack ${stack} on cloud ${cloud}` : `Create preview on cloud ${cloud}`;
  let changes: Changes;
  try {
    changes = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `hot-lsp: ${title}…` },
      () => client.sendRequest<Changes>('workspace/executeCommand', {
        command: PREVIEW_COMMAND,
        arguments: [{ uri: document.uri.toString() }],
      }),
    );
  } catch (error) {
    void vscode.window.showErrorMessage(`${error instanceof Error ? error.message : error}`);
    return;
  }
  const name = vscode.workspace.asRelativePath(document.uri, false);
  const content = renderChanges(changes, `${title}: ${name}`);
  const view = await vscode.workspace.openTextDocument({ content, language: 'markdown' });
  await vscode.window.showTextDocument(view, { viewColumn: vscode.ViewColumn.Beside, preview: false });
}

// The what-if's lens on `resources:` ("1 replaced, 2 updated (against git:HEAD)"): the server's hot-lsp.preview
// with `against`, offline (the open text against that git revision), shown beside the template as the table.
export async function showWhatIf(client: LanguageClient | undefined, uri: vscode.Uri, against: string): Promise<void> {
  if (!client) {
    void vscode.window.showWarningMessage('hot-lsp: the server is not running.');
    return;
  }
  let changes: Changes;
  try {
    changes = await client.sendRequest<Changes>('workspace/executeCommand', {
      command: PREVIEW_COMMAND,
      arguments: [{ uri: uri.toString(), against }],
    });
  } catch (error) {
    void vscode.window.showErrorMessage(`${error instanceof Error ? error.message : error}`);
    return;
  }
  const name = vscode.workspace.asRelativePath(uri, false);
  const content = renderChanges(changes, `Update from ${against} to the open text: ${name}`);
  const view = await vscode.workspace.openTextDocument({ content, language: 'markdown' });
  await vscode.window.showTextDocument(view, { viewColumn: vscode.ViewColumn.Beside, preview: false });
}

export async function refreshCloudCatalogue(client: LanguageClient | undefined): Promise<void> {
  if (!client) {
    void vscode.window.showWarningMessage('hot-lsp: the server is not running.');
    return;
  }
  try {
    const answer = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: "hot-lsp: fetching the cloud's resource types…" },
      () => client.sendRequest<{ cloud: string; resource_types: number }>('workspace/executeCommand', {
        command: REFRESH_CATALOGUE_COMMAND,
        arguments: [],
      }),
    );
    void vscode.window.showInformationMessage(`hot-lsp: ${answer.resource_types} resource types from ${answer.cloud}.`);
  } catch (error) {
    void vscode.window.showErrorMessage(`${error instanceof Error ? error.message : error}`);
  }
}
