// hot-lsp for VS Code: starts the language server for YAML documents and adds the commands that show
// a template's resources, its rendered preview, its dependency graph and (with hotLsp.cloud) the cloud's preview
// of a stack update, and the mapped stack's deploy, events and failures (stackCommands.ts).
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { previewOnCloud, refreshCloudCatalogue, showWhatIf } from './cloudPreview';
import { showDependencyGraph } from './dependencyGraph';
import { GraphView } from './graphView';
import { createClient } from './languageClient';
import { renderPreview } from './renderPreview';
import { ResourceRow, resourceList, showResources } from './resources';
import { findProgram, reportMissing } from './serverCommand';
import { deployStack, stackEvents, stackFailures } from './stackCommands';

let client: LanguageClient | undefined;

async function startClient(context: vscode.ExtensionContext, output: vscode.OutputChannel): Promise<void> {
  // In a workspace not trusted, no server runs (package.json: untrustedWorkspaces is not supported, so VS Code
  // does not activate the extension there; this is for hosts that activate it anyway).
  if (!vscode.workspace.isTrusted) {
    output.appendLine('hot-lsp: the workspace is not trusted; the server is not started.');
    return;
  }
  const { program, missing } = await findProgram(context.extensionPath);
  if (!program) {
    await reportMissing(missing, output);
    return;
  }
  output.appendLine(`Starting ${program.describe}`);
  client = createClient(program, output);
  await client.start();
}

async function stopClient(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) {
    await running.stop();
  }
}

// What other extensions (and the end-to-end test) can call: the hot/resourceList request.
export interface HotLspApi {
  resourceList(uri: vscode.Uri, depth: number): Promise<ResourceRow[]>;
}

export async function activate(context: vscode.ExtensionContext): Promise<HotLspApi> {
  const output = vscode.window.createOutputChannel('hot-lsp');
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('hotLsp.showResources', () => showResources(client)),
    vscode.commands.registerCommand('hotLsp.renderPreview', (uri?: vscode.Uri) => renderPreview(client, uri)),
    vscode.commands.registerCommand('hotLsp.showGraphView', async (uri?: vscode.Uri) => {
      GraphView.show(context.extensionUri, () => client, uri);
    }),
    vscode.commands.registerCommand('hotLsp.showDependencyGraph', (uri?: vscode.Uri, depth?: number, format?) =>
      showDependencyGraph(client, uri, depth, format),
    ),
    vscode.commands.registerCommand('hotLsp.previewOnCloud', (uri?: vscode.Uri) => previewOnCloud(client, uri)),
    vscode.commands.registerCommand('hotLsp.refreshCloudCatalogue', () => refreshCloudCatalogue(client)),
    // The what-if's lens (languageClient.ts): the offline update table against a git revision.
    vscode.commands.registerCommand('hotLsp.showWhatIf', (uri: vscode.Uri, against: string) =>
      showWhatIf(client, uri, against),
    ),
    vscode.commands.registerCommand('hotLsp.deployStack', (uri?: vscode.Uri) => deployStack(client, uri)),
    vscode.commands.registerCommand('hotLsp.stackEvents', (uri?: vscode.Uri) => stackEvents(client, uri)),
    vscode.commands.registerCommand('hotLsp.stackFailures', (uri?: vscode.Uri) => stackFailures(client, uri)),
    vscode.commands.registerCommand('hotLsp.restartServer', async () => {
      await stopClient();
      await startClient(context, output);
    }),
    vscode.commands.registerCommand('hotLsp.showOutput', () => output.show()),
    // A new server path takes a restart; the other settings reach the running server by themselves.
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('hotLsp.server')) {
        await stopClient();
        await startClient(context, output);
      }
    }),
  );
  // Activation must not wait for the server (nor fail with it): VS Code would hold other work back.
  void startClient(context, output).catch((error) => {
    output.appendLine(`hot-lsp did not start: ${error}`);
    void vscode.window.showErrorMessage(`hot-lsp did not start: ${error}. See the hot-lsp output.`);
  });
  return {
    resourceList: async (uri, depth) => (client ? resourceList(client, uri, depth) : []),
  };
}

export function deactivate(): Promise<void> {
  return stopClient();
}
