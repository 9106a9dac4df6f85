// Runs inside code-server next to the hot-lsp extension, for ../screenshots.sh: opens examples/broken.yaml as a user
// would, waits for its diagnostics, then poses three scenes (the Problems panel, a hover, the completion list) and
// asks ../webview-driver.js to photograph each one through Chromium's DevTools port. Writes {ok, shots, errors}
// to the config's `out` file, which screenshots.sh waits for.
const fs = require('fs');
const path = require('path');
const vscode = require('vscode');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(predicate, timeoutMs) {
  const started = Date.now();
  for (;;) {
    const value = predicate();
    if (value || Date.now() - started > timeoutMs) return value;
    await sleep(100);
  }
}

let requests = 0;
async function photograph(config, name, settle) {
  const n = ++requests;
  const file = (kind) => path.join(config.driver, `${kind}-${n}.json`);
  const screenshot = path.join(config.shots, `${name}.png`);
  fs.writeFileSync(file('request') + '.tmp', JSON.stringify({ page: true, screenshot, settle }));
  fs.renameSync(file('request') + '.tmp', file('request'));
  const answered = await waitFor(() => fs.existsSync(file('response')), 45000);
  const answer = answered ? JSON.parse(fs.readFileSync(file('response'), 'utf8')) : { ok: false, error: 'no answer from the driver' };
  if (!answer.ok) throw new Error(`${name}: ${answer.error}`);
  return screenshot;
}

function cursorAt(editor, needle, into) {
  const offset = editor.document.getText().indexOf(needle);
  if (offset < 0) throw new Error(`${needle} is not in the template`);
  const position = editor.document.positionAt(offset + into);
  editor.selection = new vscode.Selection(position, position);
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

const run = (command) => vscode.commands.executeCommand(command).then(undefined, () => undefined);

async function shoot(config) {
  await run('workbench.action.closeSidebar');
  await run('workbench.action.closeAuxiliaryBar');
  const document = await vscode.workspace.openTextDocument(config.template);
  let editor = await vscode.window.showTextDocument(document, { preview: false });
  const diagnostics = await waitFor(() => vscode.languages.getDiagnostics(document.uri).length >= 10, config.timeoutMs);
  if (!diagnostics) throw new Error('the template got no diagnostics');
  await sleep(1500); // the squiggles and the code lenses painted

  // 1. The findings: squiggles in the text, the Problems panel below.
  cursorAt(editor, 'get_param: imag', 11);
  await run('workbench.actions.view.problems');
  const shots = [await photograph(config, 'diagnostics', 1500)];
  await run('workbench.action.closePanel');

  // 2. Hover on a resource type: Heat's documentation of it.
  editor = await vscode.window.showTextDocument(document, { preview: false });
  cursorAt(editor, 'OS::Nova::Server', 5);
  await run('editor.action.showHover');
  shots.push(await photograph(config, 'hover', 2000));
  await run('editor.action.hideHover');
  await run('workbench.action.focusActiveEditorGroup');

  // 3. Completion inside get_param: the template's parameters.
  cursorAt(editor, 'get_param: imag', 11);
  await run('editor.action.triggerSuggest');
  shots.push(await photograph(config, 'completion', 2000));
  return shots;
}

async function activate() {
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  if (!folder) return;
  const configPath = path.join(folder.uri.fsPath, '.hot-lsp-shots.json');
  if (!fs.existsSync(configPath)) return;
  const config = JSON.parse(fs.readFileSync(configPath, 'utf8'));
  const result = { ok: false, errors: [] };
  try {
    result.shots = await shoot(config);
    result.ok = true;
  } catch (error) {
    result.errors.push(String(error && error.stack ? error.stack : error));
  }
  fs.writeFileSync(config.out + '.tmp', JSON.stringify(result, null, 1));
  fs.renameSync(config.out + '.tmp', config.out);
}

module.exports = { activate, deactivate() {} };
