// Runs inside VS Code's extension host (code-server), next to the hot-lsp extension. It opens the files the
// e2e script names, waits for diagnostics, asks hover, completion and definition through VS Code's own
// provider commands (so the language client converts positions as for a user), calls hot-lsp's commands,
// and writes the result and every failed check to the JSON file the script waits for.
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
