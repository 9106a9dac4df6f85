// "Heat: Show dependency graph": a webview beside the template that draws its dependency graph, the server's
// hot-lsp.graph DOT down to hotLsp.nestedDepth (what `hot-lsp graph` prints), with Graphviz compiled to WebAssembly
// (@hpcc-js/wasm-graphviz, shipped in the extension: nothing is fetched). It redraws from the unsaved buffer a moment
// after each edit. The DOT's nodes are r0, r1, … in the order of hot/resourceList's rows for the same buffer and
// depth, so a click on node rN opens rows[N]'s file with the resource's name selected.
import * as vscode from 'vscode';
import { ExecuteCommandRequest, LanguageClient } from 'vscode-languageclient/node';
import { ResourceRow, resourceList } from './resources';
import { GRAPH_COMMAND } from './serverCommands';
import { nestedDepth } from './settings';

const REDRAW_AFTER_MS = 300;

type FromWebview =
  | { type: 'ready' }
  | { type: 'reveal'; generation: number; node: string }
  | { type: 'error'; message: string };

// Does node rN of the DOT carry rows[N]'s name? (A later edit may reach the server between the two requests.)
function sameResources(dot: string, rows: ResourceRow[]): boolean {
  const escaped = (name: string) => name.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, ' ');
  return rows.every((row, index) => dot.includes(`r${index} [label="${escaped(row.resource_name)}\\n`));
}

function rowUri(row: ResourceRow): vscode.Uri {
  return /^[a-z][a-z0-9+.-]+:\/\//i.test(row.file) ? vscode.Uri.parse(row.file) : vscode.Uri.file(row.file);
}

export class GraphView {
  private static current: GraphView | undefined;
  private generation = 0;
  private shown = new Map<number, ResourceRow[]>(); // the last few graphs sent, for clicks on any of them
  private files = new Set<string>(); // the files the graph reads: an edit in any of them redraws it
  private timer: NodeJS.Timeout | undefined;
  private mismatches = 0;
  private readonly disposables: vscode.Disposable[] = [];

  // Opens the view for the template (the one given, else the active editor's), or points the open one at it.
  static show(extensionUri: vscode.Uri, client: () => LanguageClient | undefined, uri?: vscode.Uri): GraphView | undefined {
    const document = uri ?? vscode.window.activeTextEditor?.document.uri;
    if (!document) {
      void vscode.window.showWarningMessage('hot-lsp: open a Heat template first.');
      return undefined;
    }
    if (GraphView.current) {
      GraphView.current.template = document;
      GraphView.current.panel.reveal(undefined, true);
      GraphView.current.redraw();
      return GraphView.current;
    }
    const panel = vscode.window.createWebviewPanel(
      'hotLsp.graph',
      'Dependency graph',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      {
        enableScripts: true,
        localResourceRoots: [
          vscode.Uri.joinPath(extensionUri, 'media'),
          vscode.Uri.joinPath(extensionUri, 'node_modules', '@hpcc-js', 'wasm-graphviz', 'dist'),
        ],
      },
    );
    GraphView.current = new GraphView(panel, extensionUri, client, document);
    return GraphView.current;
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly client: () => LanguageClient | undefined,
    private template: vscode.Uri,
  ) {
    panel.webview.html = this.html(extensionUri);
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: FromWebview) => this.received(message)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0 && this.reads(event.document.uri)) {
          this.redrawSoon();
        }
      }),
      vscode.workspace.onDidSaveTextDocument((document) => this.reads(document.uri) && this.redrawSoon()),
      vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration('hotLsp') && this.redrawSoon()),
    );
  }

  private reads(uri: vscode.Uri): boolean {
    return uri.toString() === this.template.toString() || (uri.scheme === 'file' && this.files.has(uri.fsPath));
  }

  private redrawSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.redraw(), REDRAW_AFTER_MS);
  }

  // Asks the server for the rows of the buffer as it is now, and sends their graph to the webview.
  async redraw(): Promise<void> {
    clearTimeout(this.timer);
    const generation = ++this.generation;
    const template = this.template;
    const name = template.path.split('/').pop() ?? template.toString();
    const depth = nestedDepth();
    this.panel.title = `Graph: ${name}`;
    const client = this.client();
    // On an error or an empty answer (a buffer that does not parse, mid-edit) the last graph stays.
    if (!client || !client.isRunning()) {
      void this.panel.webview.postMessage({ type: 'message', generation, text: 'The hot-lsp server is not running (see the hot-lsp output).' });
      return;
    }
    let rows: ResourceRow[];
    let dot: string;
    try {
      // Sent together, after the same edits: the picture and the rows its clicks open.
      const graph = { uri: template.toString(), nestedDepth: depth, format: 'dot' };
      [rows, dot] = await Promise.all([
        resourceList(client, template, depth),
        client.sendRequest(ExecuteCommandRequest.type, { command: GRAPH_COMMAND, arguments: [graph] }) as Promise<string>,
      ]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      void this.panel.webview.postMessage({ type: 'message', generation, text: `No graph of ${name} as it is now: ${reason}` });
      return;
    }
    if (generation !== this.generation) {
      return; // a later edit asked again meanwhile
    }
    if (!sameResources(dot, rows) && this.mismatches++ < 3) {
      this.redrawSoon(); // an edit came between the two answers: ask again (a few times, then draw what came)
      return;
    }
    this.mismatches = 0;
    this.shown.set(generation, rows);
    this.shown.delete(generation - 5);
    this.files = new Set(rows.map((row) => row.file).filter((file) => !file.includes('://')));
    if (rows.length === 0) {
      void this.panel.webview.postMessage({ type: 'message', generation, text: `No resources in ${name} as it is now (a Heat template? does it parse?).` });
      return;
    }
    const nested = rows.filter((row) => row.depth > 0).length;
    const status = `${name}: ${rows.length} resources (${nested} in nested stacks, nested depth ${depth}). Click one to go to it.`;
    void this.panel.webview.postMessage({ type: 'graph', generation, dot, status });
  }

  private async received(message: FromWebview): Promise<void> {
    if (message.type === 'ready') {
      await this.redraw();
    } else if (message.type === 'reveal') {
      const row = this.shown.get(message.generation)?.[Number(message.node.replace(/^r/, ''))];
      if (row) {
        await this.reveal(row);
      }
    } else if (message.type === 'error') {
      void vscode.window.showErrorMessage(`hot-lsp graph: ${message.message}`);
    }
  }

  // In the editor column that shows the file (else the template's), with the resource's name selected.
  private async reveal(row: ResourceRow): Promise<void> {
    const uri = rowUri(row);
    const editors = vscode.window.visibleTextEditors;
    const column =
      editors.find((editor) => editor.document.uri.toString() === uri.toString())?.viewColumn ??
      editors.find((editor) => editor.document.uri.toString() === this.template.toString())?.viewColumn ??
      vscode.ViewColumn.One;
    const { start, end } = row.range;
    const selection = new vscode.Range(start.line, start.character, end.line, end.character);
    const editor = await vscode.window.showTextDocument(uri, { viewColumn: column, selection, preserveFocus: false });
    editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  private html(extensionUri: vscode.Uri): string {
    const webview = this.panel.webview;
    const media = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', file));
    const graphviz = webview.asWebviewUri(
      vscode.Uri.joinPath(extensionUri, 'node_modules', '@hpcc-js', 'wasm-graphviz', 'dist', 'index.js'),
    );
    const nonce = Array.from({ length: 4 }, () => Math.random().toString(36).slice(2)).join('');
    // Graphviz is WebAssembly: compiling it takes 'wasm-unsafe-eval' (no other eval).
    const csp = [
      "default-src 'none'",
      `style-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}' ${webview.cspSource} 'wasm-unsafe-eval'`,
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${media('graphView.css')}">
<title>Dependency graph</title>
</head>
<body>
<p id="status">Drawing…</p>
<div id="graph" data-graphviz="${graphviz}"></div>
<script type="module" nonce="${nonce}" src="${media('graphView.js')}"></script>
</body>
</html>`;
  }

  private dispose(): void {
    clearTimeout(this.timer);
    GraphView.current = undefined;
    this.disposables.forEach((disposable) => disposable.dispose());
  }
}
