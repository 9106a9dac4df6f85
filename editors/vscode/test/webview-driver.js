// The user's hands and eyes on VS Code's webviews and notifications for e2e.sh: a small client of Chromium's
// DevTools protocol (node 24's built-in WebSocket, nothing installed) that reads what the graph webview shows,
// clicks in it with real mouse events and takes screenshots. The probe extension asks by writing
// DIR/request-N.json:
//   {"expect": [names...], "absent": [names...], "click": name, "screenshot": path}
// (each part optional); the driver waits (up to 30 s) until the webview's SVG has a node for every expected
// name and none for an absent one, then clicks the named node's box, then takes the screenshot, and answers in
// DIR/response-N.json: {"ok", "names" (the nodes' first text lines), "svg_chars", "error"}.
// Or, for a picture of the whole workbench (screenshots.sh): {"page": true, "screenshot": path, "settle": ms}, taken
// after `settle` ms (default 800) so that what the extension just opened is painted.
// Or, for the notifications an extension cannot read (showErrorMessage's toasts):
//   {"notification": text, "screenshot": path, "press": label}
// waits (up to 30 s) for a toast whose message contains the text, takes the screenshot, then clicks its button
// labelled `press` (both optional) once it has slid in, until the toast closes (3 clicks at most), and answers {"ok", "notification": {"message", "source", "buttons"}, "toasts" (every toast's message)}.
//
//   node webview-driver.js CDP_PORT DIR        # until DIR/stop exists
const fs = require('fs');
const path = require('path');

const [port, dir] = process.argv.slice(2);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class Cdp {
  constructor(url) {
    this.socket = new WebSocket(url);
    this.next = 1;
    this.pending = new Map();
    this.contexts = new Map(); // each frame's default execution context, by id
    this.socket.onmessage = (event) => this.received(JSON.parse(event.data));
  }

  opened() {
    return new Promise((resolve, reject) => {
      this.socket.onopen = resolve;
      this.socket.onerror = reject;
    });
  }

  send(method, params = {}) {
    const id = this.next++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      setTimeout(() => this.pending.delete(id) && reject(new Error(`${method}: no answer within 20 s`)), 20000);
    });
  }

  received(message) {
    if (message.id && this.pending.has(message.id)) {
      const { resolve, reject, method } = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result);
      return;
    }
    if (message.method === 'Runtime.executionContextCreated') {
      const context = message.params.context;
      if (context.auxData && context.auxData.isDefault) this.contexts.set(context.id, context);
    } else if (message.method === 'Runtime.executionContextDestroyed') {
      this.contexts.delete(message.params.executionContextId);
    } else if (message.method === 'Runtime.executionContextsCleared') {
      this.contexts.clear();
    }
  }

  async evaluate(context, expression) {
    const answer = await this.send('Runtime.evaluate', { expression, contextId: context.id, returnByValue: true });
    return answer.result.value;
  }
}

// Run in each frame: the graph webview's nodes (the one named `reveal` scrolled into view first), by their first
// text line (the resource's name), with the centre of each box in the coordinates of the top page (adding the offsets of the iframes it is in; `partial` when a
// cross-origin frame hides them).
const readGraphIn = (reveal) => `((reveal) => {
  const graph = document.getElementById('graph');
  if (!graph || !graph.dataset.graphviz) return null;
  const target = [...graph.querySelectorAll('g.node')].find((node) => node.querySelector('text').textContent === reveal);
  if (target) target.scrollIntoView({ block: 'center', inline: 'center' });
  // Up the chain of iframe elements (not window.parent: a webview's frame does not reach the top through it).
  let dx = 0, dy = 0, partial = false;
  try {
    for (let frame = window.frameElement, depth = 0; frame && depth < 10; depth++) {
      const box = frame.getBoundingClientRect();
      dx += box.x + frame.clientLeft; dy += box.y + frame.clientTop;
      frame = frame.ownerDocument.defaultView.frameElement;
    }
  } catch (e) { partial = true; }
  partial = partial || (window !== window.top && !window.frameElement);
  const nodes = [...graph.querySelectorAll('g.node')].map((node) => {
    const box = node.querySelector('polygon, ellipse').getBoundingClientRect();
    const texts = [...node.querySelectorAll('text')].map((t) => t.textContent);
    return { name: texts[0], texts, x: dx + box.x + box.width / 2, y: dy + box.y + box.height / 2 };
  });
  const svg = graph.querySelector('svg');
  return { nodes, partial, svg_chars: svg ? svg.outerHTML.length : 0, status: document.getElementById('status').textContent };
})(${JSON.stringify(reveal || null)})`;

const readGraph = (cdp, reveal) => inFrames(cdp, readGraphIn(reveal));

// Run in each frame: the workbench's notification toasts, each with its buttons' centres and whether a click there
// would land on the button now (the toast has slid in, no other toast has pushed it aside).
const readToasts = `(() => {
  const toasts = document.querySelector('.notifications-toasts');
  if (!toasts) return null;
  return [...toasts.querySelectorAll('.notification-list-item')].map((item) => {
    const text = (selector) => { const found = item.querySelector(selector); return found ? found.textContent : ''; };
    const toast = item.closest('.notification-toast');
    const settled = !toast || toast.classList.contains('notification-fade-in-done');
    const buttons = [...item.querySelectorAll('.notification-list-item-buttons-container .monaco-button')].map((button) => {
      const box = button.getBoundingClientRect();
      const x = box.x + box.width / 2, y = box.y + box.height / 2;
      return { label: button.textContent, x, y, hit: settled && button.contains(document.elementFromPoint(x, y)) };
    });
    return { message: text('.notification-list-item-message'), source: text('.notification-list-item-source'), buttons };
  });
})()`;

async function inFrames(cdp, expression) {
  for (const context of [...cdp.contexts.values()]) {
    try {
      const found = await cdp.evaluate(context, expression);
      if (found) return found;
    } catch {
      // a frame that went away meanwhile
    }
  }
  return null;
}

const findToast = async (cdp, text) => {
  const toasts = (await inFrames(cdp, readToasts)) || [];
  return { toasts, toast: toasts.find((t) => t.message.includes(text)) };
};

async function handleNotification(cdp, request) {
  const started = Date.now();
  let answer;
  for (;;) {
    const { toasts, toast } = await findToast(cdp, request.notification);
    if (toast) {
      answer = { ok: true, notification: { message: toast.message, source: toast.source, buttons: toast.buttons.map((b) => b.label) } };
      if (!toast.buttons.some((b) => b.label === request.press)) break;
      if (toast.buttons.some((b) => b.label === request.press && b.hit)) break;
    }
    if (Date.now() - started > 30000) {
      if (answer) break;
      return { ok: false, toasts: toasts.map((t) => t.message), error: `no notification with ${JSON.stringify(request.notification)} within 30 s` };
    }
    await sleep(250);
  }
  if (request.screenshot) answer.screenshot = await screenshot(cdp, request.screenshot);
  if (!request.press) return answer;
  // A pressed button closes its toast: click until it is gone (another toast arriving may move it meanwhile).
  for (let tries = 1; tries <= 3; tries++) {
    const { toast } = await findToast(cdp, request.notification);
    const button = toast && toast.buttons.find((b) => b.label === request.press);
    if (!toast) return { ...answer, pressed: request.press, tries: tries - 1 };
    if (!button) return { ...answer, ok: false, error: `the notification has no ${request.press} button` };
    await click(cdp, button.x, button.y);
    await sleep(1000);
  }
  const { toast } = await findToast(cdp, request.notification);
  return toast ? { ...answer, ok: false, error: `the notification is still there after 3 clicks on ${request.press}` } : { ...answer, pressed: request.press, tries: 3 };
}

async function screenshot(cdp, file) {
  const shot = await cdp.send('Page.captureScreenshot', { format: 'png' });
  fs.writeFileSync(file, Buffer.from(shot.data, 'base64'));
  return file;
}

async function click(cdp, x, y) {
  for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
    await cdp.send('Input.dispatchMouseEvent', { type, x, y, button: type === 'mouseMoved' ? 'none' : 'left', clickCount: 1 });
  }
}

async function handle(cdp, request) {
  if (request.notification) return handleNotification(cdp, request);
  if (request.page) {
    await sleep(request.settle === undefined ? 800 : request.settle);
    return { ok: true, screenshot: await screenshot(cdp, request.screenshot) };
  }
  const expect = request.expect || [];
  const absent = request.absent || [];
  const started = Date.now();
  let graph = null;
  let names = [];
  for (;;) {
    graph = await readGraph(cdp, request.click); // the node to click scrolled into view
    names = graph ? graph.nodes.map((node) => node.name) : [];
    const ready = graph && expect.every((n) => names.includes(n)) && !absent.some((n) => names.includes(n));
    if (ready) break;
    if (Date.now() - started > 30000) {
      return { ok: false, names, status: graph && graph.status, error: `the webview's SVG did not show ${JSON.stringify({ expect, absent })} within 30 s` };
    }
    await sleep(250);
  }
  const answer = { ok: true, names, svg_chars: graph.svg_chars, status: graph.status, nodes: graph.nodes };
  if (request.click) {
    const node = graph.nodes.find((n) => n.name === request.click);
    if (!node) return { ...answer, ok: false, error: `no node ${request.click} to click` };
    if (graph.partial) return { ...answer, ok: false, error: 'the webview frame is cross-origin here: its offset is unknown' };
    await click(cdp, node.x, node.y);
    answer.clicked = { x: node.x, y: node.y };
  }
  if (request.screenshot) {
    await sleep(500); // let the workbench paint what the click changed
    answer.screenshot = await screenshot(cdp, request.screenshot);
  }
  return answer;
}

async function main() {
  let page;
  for (let i = 0; i < 120 && !page; i++) {
    try {
      const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
      page = targets.find((target) => target.type === 'page');
    } catch {
      // Chromium is starting
    }
    if (!page) await sleep(500);
  }
  if (!page) throw new Error(`no page on Chromium's DevTools port ${port}`);
  const cdp = new Cdp(page.webSocketDebuggerUrl);
  await cdp.opened();
  // Every frame of the page, the webviews' included (code-server serves them from its own origin, so they are in
  // the page's process). No auto-attach to other targets: attaching to the workbench's workers stalled it.
  await cdp.send('Runtime.enable');
  for (let n = 1; !fs.existsSync(path.join(dir, 'stop')); ) {
    const requestFile = path.join(dir, `request-${n}.json`);
    if (!fs.existsSync(requestFile)) {
      await sleep(200);
      continue;
    }
    let answer;
    try {
      answer = await handle(cdp, JSON.parse(fs.readFileSync(requestFile, 'utf8')));
    } catch (error) {
      answer = { ok: false, error: `driver error: ${error && error.stack ? error.stack : error}` };
    }
    const responseFile = path.join(dir, `response-${n}.json`);
    fs.writeFileSync(responseFile + '.tmp', JSON.stringify(answer, null, 1));
    fs.renameSync(responseFile + '.tmp', responseFile);
    n++;
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(`webview-driver: ${error && error.stack ? error.stack : error}`);
  process.exit(1);
});
