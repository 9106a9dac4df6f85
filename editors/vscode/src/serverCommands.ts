// The server's offline commands (workspace/executeCommand: hot-lsp.render, hot-lsp.resources, hot-lsp.graph) for
// the template in the editor. The server computes them from its open documents, unsaved edits included, with the
// same code as `hot-lsp render|resources|graph`, and with the editor's hotLsp.* settings (environments, parameters,
// resource type catalogues) as it already has them.
import * as vscode from 'vscode';
import { ExecuteCommandRequest, LanguageClient } from 'vscode-languageclient/node';

export const RENDER_COMMAND = 'hot-lsp.render';
export const RESOURCES_COMMAND = 'hot-lsp.resources';
export const GRAPH_COMMAND = 'hot-lsp.graph';

// The template the command is about: the one given (a command's argument), else the active editor's.
export async function templateDocument(
  client: LanguageClient | undefined,
  uri?: vscode.Uri,
): Promise<vscode.TextDocument | undefined> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (!client || !document || document.languageId !== 'yaml') {
    void vscode.window.showWarningMessage('hot-lsp: open a Heat template (with the server running) first.');
    return undefined;
  }
  return document;
}

// The command's answer, or undefined after telling the user why there is none (the server's own words).
export async function serverCommand<T>(
  client: LanguageClient,
  command: string,
  argument: Record<string, unknown>,
): Promise<T | undefined> {
  try {
    return (await client.sendRequest(ExecuteCommandRequest.type, { command, arguments: [argument] })) as T;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(`hot-lsp: ${message}`);
    return undefined;
  }
}

export async function showBeside(content: string, language: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument({ content, language });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  return document;
}
