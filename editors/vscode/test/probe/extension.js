// Runs inside VS Code's extension host (code-server), next to the hot-lsp extension. It opens the files the
// e2e script names, waits for diagnostics, asks hover, completion and definition through VS Code's own
// provider commands (so the language client converts positions as for a user), calls hot-lsp's commands,
// and writes the result and every failed check to the JSON file the script waits for.
// The config's `checks` says how far: "all" (the above), "diagnostics" (only they: the server runs), or
// "no-python" (no server can run: the error notification must name what is missing and the fix).
const fs = require('fs');
const path = require('path');
const vscode = require('vscode');

const result = { errors: [] };
const check = (ok, message) => {
  if (!ok) result.errors.push(message);
};

function writeResult(out) {
  fs.writeFileSync(out + '.tmp', JSON.stringify(result, null, 1));
  fs.renameSync(out + '.tmp', out);
}

function waitFor(predicate, timeoutMs) {
  return new Promise((resolve) => {
    const started = Date.now();
    const poll = () => {
      const value = predicate();
      if (value || Date.now() - started > timeoutMs) resolve(value);
      else setTimeout(poll, 100);
    };
    poll();
  });
}

// The position `into` UTF-16 units inside the first `needle`: VS Code positions count UTF-16, as JS strings do.
function positionOf(document, needle, into) {
  const offset = document.getText().indexOf(needle);
  if (offset < 0) throw new Error(`${needle} is not in ${document.uri.fsPath}`);
  return document.positionAt(offset + into);
}

const text = (contents) => contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
const range = (r) => ({ start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } });

async function probe(config) {
  result.vscode_version = vscode.version;
  const hotLsp = vscode.extensions.getExtension('hot-lsp.hot-lsp');
  check(hotLsp, 'the hot-lsp extension is not installed');
  const plain = await vscode.workspace.openTextDocument(config.plain);
  const template = await vscode.workspace.openTextDocument(config.template);
  await vscode.window.showTextDocument(template);
  result.languageId = template.languageId;
  if (config.checks === 'no-python') {
    await probeNoPython(config, template);
    return;
  }
  await probeDiagnostics(config, hotLsp, template, plain);
  if ((config.checks || 'all') === 'all') {
    await probeRequests(config, hotLsp, template);
  }
}

async function probeDiagnostics(config, hotLsp, template, plain) {
  const started = Date.now();
  const diagnostics = await waitFor(() => {
    const found = vscode.languages.getDiagnostics(template.uri);
    return found.length > 0 ? found : undefined;
  }, config.timeoutMs);
  result.diagnostics_ms = Date.now() - started;
  result.extension_active = hotLsp ? hotLsp.isActive : false;
  result.diagnostics = (diagnostics || []).map((d) => ({
    code: typeof d.code === 'object' ? d.code.value : d.code,
    source: d.source,
    severity: vscode.DiagnosticSeverity[d.severity], // 0-based in VS Code: write the name
    range: range(d.range),
    message: d.message,
  }));
  const codes = result.diagnostics.map((d) => d.code);
  check(codes.includes('E4008') && codes.includes('E3017'), `diagnostics: expected E4008 and E3017, got ${codes}`);
  check(!codes.includes('I9001'), 'diagnostics: I9001 is shown although hotLsp.disabledRules turns it off');
  const wrong = result.diagnostics.find((d) => d.code === 'E4008');
  const imagee = positionOf(template, 'imagee', 0);
  check(
    wrong && wrong.range.start.line === imagee.line && wrong.range.start.character === imagee.character,
    `diagnostics: E4008 is not on imagee (${JSON.stringify(wrong && wrong.range)})`,
  );
  check(wrong && wrong.source === 'hot-lsp' && wrong.severity === 'Error', 'diagnostics: E4008 is not an error from hot-lsp');
  // The server answers for HOT only: the plain YAML file stays clean.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  result.plain_diagnostics = vscode.languages.getDiagnostics(plain.uri).length;
  check(result.plain_diagnostics === 0, 'diagnostics: the plain YAML file got some');
}

async function probeRequests(config, hotLsp, template) {
  // After the ☕𝄞 key (1 + 2 UTF-16 units): a wrong position encoding would miss get_param.
  const hoverAt = positionOf(template, 'get_param: flavor}', 4);
  const hovers = await vscode.commands.executeCommand('vscode.executeHoverProvider', template.uri, hoverAt);
  result.hover = (hovers || []).map((h) => text(h.contents));
  result.hover_ranges = (hovers || []).filter((h) => h.range).map((h) => range(h.range));
  check(result.hover.some((h) => h.includes('get_param') && h.includes('m1.huge')), 'hover: no get_param doc with m1.huge (hotLsp.parameters)');
  const word = positionOf(template, 'get_param: flavor}', 0);
  check(
    result.hover_ranges.some((r) => r.start.line === word.line && r.start.character === word.character),
    `hover: its range does not start at get_param (${JSON.stringify(result.hover_ranges)})`,
  );

  const completionAt = positionOf(template, 'flavor}}', 2);
  const completions = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', template.uri, completionAt);
  result.completion_labels = (completions ? completions.items : []).map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
  check(['flavor', 'image'].every((l) => result.completion_labels.includes(l)), `completion: ${result.completion_labels}`);

  const definitionAt = positionOf(template, 'flavor}}', 3);
  const definitions = await vscode.commands.executeCommand('vscode.executeDefinitionProvider', template.uri, definitionAt);
  result.definition = (definitions || []).map((d) => ({
    uri: (d.uri || d.targetUri).toString(),
    range: range(d.range || d.targetSelectionRange || d.targetRange),
  }));
  const declared = positionOf(template, '  flavor:\n', 2);
  check(
    result.definition.some((d) => d.uri === template.uri.toString() && d.range.start.line === declared.line && d.range.start.character === declared.character),
    `definition: not the flavor parameter (${JSON.stringify(result.definition)})`,
  );

  // The extension's own request and commands.
  const api = hotLsp ? await hotLsp.activate() : undefined;
  const rows = api ? await api.resourceList(template.uri, 1) : [];
  result.resources = rows.map((r) => `${r.resource_name} ${r.resource_type} depth ${r.depth}`);
  check(rows.some((r) => r.resource_name === 'server' && r.resource_type === 'OS::Nova::Server'), 'hot/resourceList: no server');
  const rendered = await vscode.commands.executeCommand('hotLsp.renderPreview', template.uri);
  result.render = rendered ? { languageId: rendered.languageId, text: rendered.getText().slice(0, 2000) } : null;
  check(rendered && rendered.languageId === 'yaml' && /flavor: m1\.huge/.test(rendered.getText()), 'render: no YAML with flavor m1.huge');
  const graph = await vscode.commands.executeCommand('hotLsp.showDependencyGraph', template.uri, 0, 'mermaid');
  result.graph = graph ? graph.getText() : null;
  check(graph && graph.getText().includes('flowchart') && graph.getText().includes('server'), 'graph: no Mermaid flowchart with server');
  // Code lens, as the extension hands it to VS Code: counts show VS Code's references peek, Render the preview.
  const lenses = (await vscode.commands.executeCommand('vscode.executeCodeLensProvider', template.uri)) || [];
  result.lenses = lenses.map((l) => `${l.range.start.line} ${l.command && l.command.title} ${l.command && l.command.command}`);
  check(lenses.some((l) => l.command && l.command.command === 'hotLsp.renderPreview' && l.command.title === 'Render'), 'code lens: no Render');
  const counted = lenses.find((l) => l.command && l.command.command === 'editor.action.showReferences' && /^[1-9]\d* references?$/.test(l.command.title));
  check(
    counted && counted.command.arguments[0] instanceof vscode.Uri && counted.command.arguments[2].every((x) => x instanceof vscode.Location),
    `code lens: no use count with VS Code's showReferences arguments (${JSON.stringify(result.lenses)})`,
  );

  await probeGraphView(config);
}

// No Python for the bundled server (config.python: the old python3 on PATH): the error notification, as the
// user sees it, says what is missing and what fixes it; its Show Output button shows the same in hot-lsp's output.
async function probeNoPython(config, template) {
  const seen = await askDriver(config, { notification: 'hot-lsp: the bundled server needs', screenshot: config.screenshot, press: 'Show Output' });
  result.notification = seen;
  check(seen.ok, `notification: ${seen.error} (toasts: ${JSON.stringify(seen.toasts)})`);
  const message = seen.notification ? seen.notification.message : '';
  for (const part of [
    'hot-lsp: the bundled server needs Python 3.10 or later, and none was found',
    `(tried ${config.python} (PATH): Python 3.9)`, // what was found, and why it does not do
    'Install Python 3.10 or later (for example: sudo apt install python3)', // the fixes
    'select it in the Python extension',
    'pipx install hot-lsp',
    'hotLsp.server.path',
  ]) {
    check(message.includes(part), `notification: no "${part}" in "${message}"`);
  }
  const buttons = seen.notification ? seen.notification.buttons : [];
  check(['Open Settings', 'Show Output'].every((b) => buttons.includes(b)), `notification: buttons ${JSON.stringify(buttons)}`);
  const output = await waitFor(
    () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'output' && d.getText().includes(message)),
    10000,
  );
  result.output_document = output ? output.uri.toString() : null;
  check(message && output, 'Show Output: no output document holds the message');
  // No server ran: the template gets no diagnostics.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  result.diagnostics = vscode.languages.getDiagnostics(template.uri).map((d) => d.message);
  check(result.diagnostics.length === 0, `diagnostics without a server: ${result.diagnostics}`);
}

// Ask e2e.sh's webview driver (webview-driver.js: Chromium's DevTools protocol) to look at, click in or take a
// screenshot of the graph webview; its answer, or a timeout.
let driverRequests = 0;
async function askDriver(config, request) {
  const n = ++driverRequests;
  const file = (kind) => path.join(config.driver, `${kind}-${n}.json`);
  fs.writeFileSync(file('request') + '.tmp', JSON.stringify(request));
  fs.renameSync(file('request') + '.tmp', file('request'));
  const answered = await waitFor(() => fs.existsSync(file('response')), 45000);
  return answered ? JSON.parse(fs.readFileSync(file('response'), 'utf8')) : { ok: false, error: 'the webview driver did not answer' };
}

// Wait until the active editor shows `document` with the selection on `name` at `start`.
function selectionOn(uri, start, name) {
  return waitFor(() => {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.uri.toString() !== uri.toString()) return undefined;
    const { selection } = editor;
    const ok = selection.start.isEqual(start) && selection.end.isEqual(start.translate(0, name.length));
    return ok ? editor : undefined;
  }, 10000);
}

// The graph view: the webview draws network.yaml (a nested stack, app.yaml, inside; a disabled volume) with Graphviz.
async function probeGraphView(config) {
  // Room for the picture: one editor group, no side bars.
  for (const command of ['workbench.action.joinAllGroups', 'workbench.action.closeAuxiliaryBar', 'workbench.action.closeSidebar']) {
    await vscode.commands.executeCommand(command);
  }
  const template = await vscode.workspace.openTextDocument(config.graph);
  const editor = await vscode.window.showTextDocument(template, vscode.ViewColumn.One);

  const names = ['network', 'subnet', 'port', 'volume', 'app', 'config', 'server'];
  await vscode.commands.executeCommand('hotLsp.showGraphView', template.uri);
  const shown = await askDriver(config, { expect: names, absent: ['floating_ip'] });
  result.graph_view_shown = shown;
  check(shown.ok, `graph view: the webview did not show every resource: ${shown.error}`);
  const types = shown.nodes ? Object.fromEntries(shown.nodes.map((n) => [n.name, n.texts[1]])) : {};
  check(types.subnet === 'OS::Neutron::Subnet' && types.server === 'OS::Nova::Server', `graph view: types ${JSON.stringify(types)}`);

  // An edit, not saved: a new resource appears.
  const end = template.positionAt(template.getText().length);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(template.uri, end, '  floating_ip:\n    type: OS::Neutron::FloatingIP\n    properties:\n      floating_network: public\n      port_id: {get_resource: port}\n');
  check(await vscode.workspace.applyEdit(edit), 'graph view: the edit was not applied');
  check(template.isDirty, 'graph view: the template was saved, so the test does not read the unsaved buffer');
  const edited = await askDriver(config, { expect: [...names, 'floating_ip'] });
  result.graph_view_edited = edited;
  check(edited.ok, `graph view: no floating_ip after the edit: ${edited.error}`);

  // A click on subnet's box selects its name in the template; one on server opens app.yaml at its name.
  check(!editor.selection.start.isEqual(positionOf(template, '  subnet:', 2)), 'graph view: the cursor is on subnet already');
  const clicked = await askDriver(config, { click: 'subnet' });
  check(clicked.ok, `graph view: the click on subnet failed: ${clicked.error}`);
  const onSubnet = await selectionOn(template.uri, positionOf(template, '  subnet:', 2), 'subnet');
  result.graph_view_click = onSubnet ? range(onSubnet.selection) : vscode.window.activeTextEditor && range(vscode.window.activeTextEditor.selection);
  check(onSubnet, `graph view: the click on subnet did not select its name (${JSON.stringify(result.graph_view_click)})`);
  const shot = await askDriver(config, { screenshot: config.screenshot });
  check(shot.ok && fs.existsSync(config.screenshot), `graph view: no screenshot: ${shot.error}`);

  const child = await vscode.workspace.openTextDocument(config.graphChild);
  const nested = await askDriver(config, { click: 'server' });
  check(nested.ok, `graph view: the click on server failed: ${nested.error}`);
  const onServer = await selectionOn(child.uri, positionOf(child, '  server:', 2), 'server');
  const active = vscode.window.activeTextEditor;
  result.graph_view_nested_click = active ? { file: active.document.uri.fsPath, selection: range(active.selection) } : null;
  check(onServer, `graph view: the click on server did not select it in app.yaml (${JSON.stringify(result.graph_view_nested_click)})`);
}

async function activate() {
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  if (!folder) return;
  const configPath = path.join(folder.uri.fsPath, '.hot-lsp-e2e.json');
  if (!fs.existsSync(configPath)) return;
  const config = JSON.parse(fs.readFileSync(configPath, 'utf8'));
  try {
    await probe(config);
  } catch (error) {
    result.errors.push(`probe error: ${error && error.stack ? error.stack : error}`);
  }
  result.exit_code = result.errors.length === 0 ? 0 : 1;
  writeResult(config.out);
}

module.exports = { activate, deactivate() {} };
