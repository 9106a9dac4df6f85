// Which program runs hot-lsp, and whether it is there. In order: hotLsp.server.pythonPath (a Python that has
// hot-lsp installed), hotLsp.server.path when set, a `hot-lsp` on PATH; else the server bundled in the extension
// (bundled/libs: hot-lsp and its pure-Python dependencies) run as `python -m hot_lsp` with PYTHONPATH = those libs,
// by the Python extension's interpreter, else `python.defaultInterpreterPath`, else a python3 >= 3.10 on PATH.
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

export interface HotLspProgram {
  command: string;
  args: string[]; // before the subcommand: [] for hot-lsp, ['-m', 'hot_lsp'] for a Python
  env?: Record<string, string>; // added to the extension host's environment (the bundled server's PYTHONPATH)
  describe: string; // for messages
}

// What was found: a program, or what is missing (a message naming it, with the command that fixes it).
export type Found = { program: HotLspProgram; missing?: undefined } | { program?: undefined; missing: string };

const MIN_PYTHON: [number, number] = [3, 10];

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

function run(command: string, args: string[], env?: Record<string, string>): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 30000, env: { ...process.env, ...env } }, (error, stdout) =>
      resolve(error ? undefined : stdout.trim()),
    );
  });
}

// "3.11" for a Python that runs, undefined for anything else.
async function pythonVersion(python: string): Promise<[number, number] | undefined> {
  const out = await run(python, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])']);
  const match = /^(\d+)\.(\d+)$/.exec(out ?? '');
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

function isRecentEnough(version: [number, number]): boolean {
  return version[0] > MIN_PYTHON[0] || (version[0] === MIN_PYTHON[0] && version[1] >= MIN_PYTHON[1]);
}

// The Python extension's (ms-python.python) interpreter for this workspace, when it is installed.
async function pythonExtensionInterpreter(): Promise<string | undefined> {
  const extension = vscode.extensions.getExtension('ms-python.python');
  if (!extension) {
    return undefined;
  }
  try {
    const api = (extension.isActive ? extension.exports : await extension.activate()) as {
      environments?: {
        getActiveEnvironmentPath(resource?: vscode.Uri): { path: string };
        resolveEnvironment(env: { path: string } | string): Promise<{ executable: { uri?: vscode.Uri } } | undefined>;
      };
    };
    const environments = api?.environments;
    if (!environments) {
      return undefined;
    }
    const active = environments.getActiveEnvironmentPath(vscode.workspace.workspaceFolders?.[0]?.uri);
    const resolved = await environments.resolveEnvironment(active);
    return resolved?.executable.uri?.fsPath ?? active.path;
  } catch {
    return undefined;
  }
}

function bundledLibs(extensionPath: string): string {
  return path.join(extensionPath, 'bundled', 'libs');
}

// The bundled server with the first Python that fits; or what is missing.
async function bundledServer(extensionPath: string): Promise<Found> {
  const libs = bundledLibs(extensionPath);
  if (!fs.existsSync(path.join(libs, 'hot_lsp', '__main__.py'))) {
    return {
      missing:
        `hot-lsp: no server found. "hot-lsp" is not on PATH, and this build of the extension has no bundled server ` +
        `(${libs}). Install it with: pipx install hot-lsp; or in a venv (in a hot-lsp checkout: ` +
        `python3 -m venv .venv && .venv/bin/pip install -e .) and set hotLsp.server.path to its bin/hot-lsp.`,
    };
  }
  const candidates: [string, string][] = [];
  const fromExtension = await pythonExtensionInterpreter();
  if (fromExtension) {
    candidates.push([fromExtension, 'the Python extension’s interpreter']);
  }
  const configured = (vscode.workspace.getConfiguration('python').get<string>('defaultInterpreterPath') ?? '').trim();
  if (configured && configured !== 'python') {
    candidates.push([configured, 'python.defaultInterpreterPath']);
  }
  for (const name of process.platform === 'win32' ? ['python', 'py'] : ['python3', 'python']) {
    const found = findExecutable(name);
    if (found) {
      candidates.push([found, 'PATH']);
    }
  }
  const rejected: string[] = [];
  for (const [python, source] of candidates) {
    const version = await pythonVersion(python);
    if (version && isRecentEnough(version)) {
      return {
        program: {
          command: python,
          args: ['-m', 'hot_lsp'],
          env: { PYTHONPATH: libs },
          describe: `the bundled hot-lsp with ${python} ${version.join('.')} (from ${source})`,
        },
      };
    }
    rejected.push(`${python} (${source}): ${version ? `Python ${version.join('.')}` : 'does not run'}`);
  }
  const wanted = `Python ${MIN_PYTHON.join('.')} or later`;
  return {
    missing:
      `hot-lsp: the bundled server needs ${wanted}, and none was found` +
      (rejected.length ? ` (tried ${rejected.join('; ')})` : ' (no python3 on PATH, no Python extension)') +
      `. Install ${wanted} (for example: sudo apt install python3), select it in the Python extension, ` +
      `or install hot-lsp (pipx install hot-lsp) and set hotLsp.server.path.`,
  };
}

export async function findProgram(extensionPath: string): Promise<Found> {
  const server = vscode.workspace.getConfiguration('hotLsp.server');
  const python = (server.get<string>('pythonPath') ?? '').trim();
  if (python) {
    if (!findExecutable(python)) {
      return { missing: `hot-lsp: the Python interpreter "${python}" (hotLsp.server.pythonPath) was not found.` };
    }
    if ((await run(python, ['-c', 'import hot_lsp'])) === undefined) {
      return {
        missing: `hot-lsp: "${python}" (hotLsp.server.pythonPath) cannot import hot_lsp. Install it with: ${python} -m pip install hot-lsp, or clear the setting to use the bundled server.`,
      };
    }
    return { program: { command: python, args: ['-m', 'hot_lsp'], describe: `${python} -m hot_lsp` } };
  }
  const command = (server.get<string>('path') ?? '').trim();
  if (command) {
    if (!findExecutable(command)) {
      return {
        missing: `hot-lsp: "${command}" (hotLsp.server.path) was not found. Fix the setting, or clear it to use the bundled server.`,
      };
    }
    return { program: { command, args: [], describe: `${command} (hotLsp.server.path)` } };
  }
  const installed = findExecutable('hot-lsp');
  if (installed) {
    return { program: { command: installed, args: [], describe: `${installed} (on PATH)` } };
  }
  return bundledServer(extensionPath);
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
