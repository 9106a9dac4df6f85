// The dependency graph webview (graphView.ts sends the DOT): Graphviz, compiled to WebAssembly and shipped in the
// extension, lays the graph out as SVG here; a click on a resource's box asks the extension to reveal it.
const vscode = acquireVsCodeApi();
const view = document.getElementById('graph');
const status = document.getElementById('status');
const graphviz = import(view.dataset.graphviz).then(({ Graphviz }) => Graphviz.load());
let latest = 0; // the newest graph asked for: an older one that finishes later is dropped
let shown = 0; // the graph on screen, which the node ids (r0, r1, … = rows) belong to

// Graphviz measures text in the fonts it knows: Helvetica, which the style sheet asks for too.
const withFont = (dot) => dot.replace('{', '{\n  graph [fontname="Helvetica"]; node [fontname="Helvetica"];');

window.addEventListener('message', async (event) => {
  const message = event.data;
  if (message.type === 'message') {
    latest = message.generation; // the graph on screen, if any, stays: its clicks still work
    status.textContent = message.text;
    return;
  }
  if (message.type !== 'graph') return;
  latest = message.generation;
  let svg;
  try {
    svg = (await graphviz).dot(withFont(message.dot));
  } catch (error) {
    status.textContent = `Graphviz could not draw the graph: ${error}`;
    vscode.postMessage({ type: 'error', message: String(error) });
    return;
  }
  if (message.generation !== latest) return;
  view.innerHTML = svg.slice(svg.indexOf('<svg'));
  shown = message.generation;
  status.textContent = message.status;
});

view.addEventListener('click', (event) => {
  const node = event.target.closest('g.node');
  const id = node && node.querySelector('title');
  if (id) vscode.postMessage({ type: 'reveal', generation: shown, node: id.textContent });
});

vscode.postMessage({ type: 'ready' });
