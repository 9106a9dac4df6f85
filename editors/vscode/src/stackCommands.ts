// "Heat: Deploy stack", "Heat: Stack events" and "Heat: Stack failures": the server's hot-lsp.deploy,
// hot-lsp.events and hot-lsp.failures (workspace/executeCommand) for the template in the editor, mapped to a stack
// by hotLsp.stacks on hotLsp.cloud. The loop: edit → what-if (Preview stack update) → deploy → watch (the
// server's progress says each event) → failures (on their lines as E9903, and in the Problems panel).
//
// Deploy first asks what it would do (hot-lsp.deploy's dryRun: the real update's answer, or Heat's create
// preview) and shows its counts in a modal dialog; only "Deploy" calls hot-lsp.deploy. The server then asks again with window/showMessageRequest, with the counts of the preview it
// deploys on: it never sends a deploy without that answer, whatever the client did before.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { Changes } from './cloudPreview';
import { serverCommand, showBeside } from './serverCommands';

export const DEPLOY_COMMAND = 'hot-lsp.deploy';
export const EVENTS_COMMAND = 'hot-lsp.events';
export const FAILURES_COMMAND = 'hot-lsp.failures';

interface Place {
  resource_name: string;
  file: string | null;
  range: { start: { line: number; character: number } } | null;
}

interface Failure extends Place {
  resource_type: string;
  status: string;
  status_reason: string;
  parent: string | null;
  via: Place[];
}

interface Failures {
  stack: string;
  status: string | null;
  failures: Failure[];
  deployed?: boolean;
  action?: string;
}

// hot-lsp.deploy's dry run: what the deploy would do, nothing asked nor sent.
interface Plan {
  stack: string;
  action: 'create' | 'update';
  preview: Changes;
  counts: string;
}

interface StackEvent {
  event_time: string;
  resource_name: string;
  resource_status: string;
  resource_status_reason: string;
  stack: string;
  nested: boolean;
}

// The template in the editor, saved (the cloud gets the file on disk), with a cloud named; else why not.
async function savedTemplate(client: LanguageClient | undefined, uri?: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (!client || !document || document.uri.scheme !== 'file') {
    void vscode.window.showWarningMessage('hot-lsp: open a Heat template saved on disk (with the server running) first.');
    return undefined;
  }
  if (!vscode.workspace.getConfiguration('hotLsp').get<string>('cloud', '')) {
    void vscode.window.showWarningMessage('hot-lsp: set hotLsp.cloud to an entry of your clouds.yaml first.');
    return undefined;
  }
  if (document.isDirty) {
    await document.save();
  }
  return document;
}

export async function deployStack(client: LanguageClient | undefined, uri?: vscode.Uri): Promise<void> {
  const document = await savedTemplate(client, uri);
  if (!client || !document) {
    return;
  }
  const argument = { uri: document.uri.toString() };
  const cloud = vscode.workspace.getConfiguration('hotLsp').get<string>('cloud', '');
  const plan = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `hot-lsp: what deploying does on ${cloud}…` },
    () => serverCommand<Plan>(client, DEPLOY_COMMAND, { ...argument, dryRun: true }),
  );
  if (!plan) {
    return;
  }
  const name = vscode.workspace.asRelativePath(document.uri, false);
  const choice = await vscode.window.showWarningMessage(
    `Deploy ${name} to stack ${plan.stack} on ${cloud} (${plan.action}): ${plan.counts}?`,
    { modal: true, detail: 'The server asks once more before it sends anything.' },
    'Deploy',
  );
  if (choice !== 'Deploy') {
    return;
  }
  const answer = await serverCommand<Failures>(client, DEPLOY_COMMAND, { ...argument, confirmed: true });
  if (!answer || !answer.deployed) {
    return;
  }
  if (answer.failures.length) {
    await showFailures(answer);
  } else {
    void vscode.window.showInformationMessage(`hot-lsp: stack ${answer.stack}: ${answer.status}`);
  }
}

export async function stackEvents(client: LanguageClient | undefined, uri?: vscode.Uri): Promise<void> {
  const document = await savedTemplate(client, uri);
  if (!client || !document) {
    return;
  }
  const events = await serverCommand<StackEvent[]>(client, EVENTS_COMMAND, {
    uri: document.uri.toString(),
    nestedDepth: 'MAX',
  });
  if (!events) {
    return;
  }
  const lines = events.map((event) => {
    const where = event.nested ? `[${event.stack}] ` : '';
    const reason = event.resource_status_reason ? `: ${event.resource_status_reason}` : '';
    return `${event.event_time} ${where}${event.resource_name}: ${event.resource_status}${reason}`;
  });
  await showBeside(lines.join('\n') + '\n', 'log');
}

export async function stackFailures(client: LanguageClient | undefined, uri?: vscode.Uri): Promise<void> {
  const document = await savedTemplate(client, uri);
  if (!client || !document) {
    return;
  }
  const answer = await serverCommand<Failures>(client, FAILURES_COMMAND, { uri: document.uri.toString() });
  if (answer) {
    await showFailures(answer);
  }
}

// Each failure as a pick that opens its file at its line (they are E9903 diagnostics there too).
async function showFailures(answer: Failures): Promise<void> {
  if (!answer.failures.length) {
    void vscode.window.showInformationMessage(`hot-lsp: stack ${answer.stack}: ${answer.status}, no failed resource`);
    return;
  }
  const picks = answer.failures.map((failure) => ({
    label: `${failure.parent ? failure.parent + '/' : ''}${failure.resource_name}: ${failure.status}`,
    description: failure.file ? vscode.workspace.asRelativePath(failure.file, false) : '(not located)',
    detail: failure.status_reason,
    failure,
  }));
  const chosen = await vscode.window.showQuickPick(picks, {
    title: `Stack ${answer.stack}: ${answer.status}`,
    matchOnDetail: true,
  });
  const where = chosen?.failure;
  if (where?.file && where.range) {
    const position = new vscode.Position(where.range.start.line, where.range.start.character);
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(where.file));
    editor.selection = new vscode.Selection(position, position);
    editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenter);
  }
}
