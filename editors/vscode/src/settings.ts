// The hotLsp.* settings the server reads (README, "Language server"), and what the CLI commands make of them.
import * as path from 'path';
import * as vscode from 'vscode';

const SERVER_KEYS = [
  'environments',
  'parameters',
  'disabledRules',
  'nestedDepth',
  'resourceTypePaths',
  'inlayHints',
  'cloud',
  'stacks',
];

export function serverSettings(): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration('hotLsp');
  const settings: Record<string, unknown> = {};
  for (const key of SERVER_KEYS) {
    settings[key] = config.get(key);
  }
  return settings;
}

export function nestedDepth(): number {
  // "MAX" is Heat's max_nested_stack_depth, 5, as the server reads it.
  const value = vscode.workspace.getConfiguration('hotLsp').get<number | string>('nestedDepth', 1);
  return typeof value === 'string' ? 5 : value;
}

// hotLsp.environments expanded as the server does: each glob against each workspace folder, in order,
// each one's matches sorted, a file once.
export async function environmentFiles(document: vscode.Uri): Promise<string[]> {
  const globs = vscode.workspace.getConfiguration('hotLsp').get<string[]>('environments', []);
  const folder = vscode.workspace.getWorkspaceFolder(document);
  const folders = folder ? [folder] : vscode.workspace.workspaceFolders ?? [];
  const found: string[] = [];
  for (const glob of globs) {
    const matches: string[] = [];
    if (path.isAbsolute(glob)) {
      const base = vscode.Uri.file(path.dirname(glob));
      for (const uri of await vscode.workspace.findFiles(new vscode.RelativePattern(base, path.basename(glob)))) {
        matches.push(uri.fsPath);
      }
    } else {
      for (const root of folders) {
        for (const uri of await vscode.workspace.findFiles(new vscode.RelativePattern(root, glob))) {
          matches.push(uri.fsPath);
        }
      }
    }
    for (const file of matches.sort()) {
      if (!found.includes(file)) {
        found.push(file);
      }
    }
  }
  return found;
}

// hotLsp.parameters as `-P name=value`, in the text form Heat takes on its command line.
export function parameterArguments(): string[] {
  const parameters = vscode.workspace.getConfiguration('hotLsp').get<Record<string, unknown>>('parameters', {});
  const args: string[] = [];
  for (const [name, value] of Object.entries(parameters)) {
    let text: string;
    if (typeof value === 'string') {
      text = value;
    } else if (Array.isArray(value)) {
      text = value.join(',');
    } else if (value !== null && typeof value === 'object') {
      text = JSON.stringify(value);
    } else {
      text = String(value);
    }
    args.push('-P', `${name}=${text}`);
  }
  return args;
}

// hotLsp.resourceTypePaths as `--resource-types FILE`, relative to the document's workspace folder.
export function resourceTypeArguments(document: vscode.Uri): string[] {
  const paths = vscode.workspace.getConfiguration('hotLsp').get<string[]>('resourceTypePaths', []);
  const folder = vscode.workspace.getWorkspaceFolder(document)?.uri.fsPath ?? path.dirname(document.fsPath);
  return paths.flatMap((file) => ['--resource-types', path.resolve(folder, file)]);
}
