// Run a hot-lsp subcommand (render, graph) on the template in the editor, with the editor's settings.
import { execFile } from 'child_process';
import * as path from 'path';
import * as vscode from 'vscode';
import { programFromSettings, reportMissing, whatIsMissing } from './serverCommand';

export interface CliResult {
  stdout: string;
  stderr: string;
  code: number;
}

function run(command: string, args: string[], cwd: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, timeout: 120000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        reject(error); // not started, or killed by the timeout
        return;
      }
      resolve({ stdout, stderr, code: error ? Number(error.code) : 0 });
    });
  });
}

// The template the command is about: the one given (a command's argument), else the active editor's.
export async function templateDocument(uri?: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (!document || document.uri.scheme !== 'file') {
    void vscode.window.showWarningMessage('hot-lsp: open a Heat template saved on disk first.');
    return undefined;
  }
  if (document.isDirty) {
    // The CLI reads the file (and the files it names) from disk.
    void vscode.window.showInformationMessage('hot-lsp: unsaved changes are not included; save to include them.');
  }
  return document;
}

// Exit status 0 and 1 (rendered with errors) both print a result; 2 is a usage or I/O problem.
export async function runSubcommand(
  subcommand: string,
  document: vscode.TextDocument,
  args: string[],
  output: vscode.OutputChannel,
): Promise<string | undefined> {
  const program = programFromSettings();
  const missing = await whatIsMissing(program);
  if (missing) {
    await reportMissing(missing, output);
    return undefined;
  }
  const fullArgs = [...program.args, subcommand, document.uri.fsPath, ...args];
  output.appendLine(`> ${program.command} ${fullArgs.join(' ')}`);
  const result = await run(program.command, fullArgs, path.dirname(document.uri.fsPath));
  if (result.stderr) {
    output.appendLine(result.stderr.trimEnd());
  }
  if (result.code > 1 || !result.stdout) {
    const reason = result.stderr.trim().split('\n').pop() || `exit status ${result.code}`;
    void vscode.window.showErrorMessage(`hot-lsp ${subcommand} failed: ${reason}`);
    return undefined;
  }
  return result.stdout;
}

export async function showBeside(content: string, language: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument({ content, language });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  return document;
}
