// Which program runs hot-lsp, from the settings, and whether it is there: the server and the commands
// (render, graph) run the same one.
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

export interface HotLspProgram {
  command: string;
  args: string[]; // before the subcommand: [] for hot-lsp, ['-m', 'hot_lsp'] for a Python
  describe: string; // for messages
}

export function programFromSettings(): HotLspProgram {
  const server = vscode.workspace.getConfiguration('hotLsp.server');
  const python = (server.get<string>('pythonPath') ?? '').trim();
  if (python) {
    return { command: python, args: ['-m', 'hot_lsp'], describe: `${python} -m hot_lsp` };
  }
  const command = (server.get<string>('path') ?? '').trim() || 'hot-lsp';
  return { command, args: [], describe: command };
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

// A bare name is looked up on PATH, as the process spawn will.
function findExecutable(command: string): string | undefined {
  if (command.includes('/') || command.includes('\\')) {
    return isExecutable(command) ? command : undefined;
  }
  const extensions = process.platform === 'win32' ? (process.env.PATHEXT ?? '.EXE').split(';') : [''];
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const extension of extensions) {
      const candidate = path.join(folder, command + extension);
      if (folder && isExecutable(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

function importsHotLsp(python: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(python, ['-c', 'import hot_lsp'], { timeout: 30000 }, (error) => resolve(!error));
  });
}

// Undefined when the program can run; otherwise what is wrong, with the command that fixes it.
export async function whatIsMissing(program: HotLspProgram): Promise<string | undefined> {
  const install = 'python3 -m pip install -e /path/to/hot-lsp';
  if (program.args.length > 0) {
    if (!findExecutable(program.command)) {
      return `hot-lsp: the Python interpreter "${program.command}" (hotLsp.server.pythonPath) was not found.`;
    }
    if (!(await importsHotLsp(program.command))) {
      return `hot-lsp: "${program.command}" cannot import hot_lsp. Install it with: ${program.command} -m pip install -e /path/to/hot-lsp`;
    }
    return undefined;
  }
  if (!findExecutable(program.command)) {
    return `hot-lsp: "${program.command}" was not found on PATH. Install it with: ${install} (a checkout of hot-lsp), or set hotLsp.server.path or hotLsp.server.pythonPath.`;
  }
  return undefined;
}

export async function reportMissing(message: string, output: vscode.OutputChannel): Promise<void> {
  output.appendLine(message);
  const choice = await vscode.window.showErrorMessage(message, 'Open Settings', 'Show Output');
  if (choice === 'Open Settings') {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'hotLsp.server');
  } else if (choice === 'Show Output') {
    output.show();
  }
}
