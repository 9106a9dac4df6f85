// The LanguageClient for hot-lsp: every YAML document goes to the server, which decides what is HOT.
import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  Location,
  Position,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { PREVIEW_COMMAND } from './cloudPreview';
import { HotLspProgram } from './serverCommand';
import { RENDER_COMMAND, RESOURCES_COMMAND } from './serverCommands';
import { serverSettings } from './settings';

// The client id names the trace setting: hotLsp.trace.server.
export const CLIENT_ID = 'hotLsp';
// The command of the server's use-count lenses: client-side, arguments [uri, position, locations] as JSON.
export const SHOW_REFERENCES = 'hot-lsp.showReferences';

export function createClient(program: HotLspProgram, output: vscode.OutputChannel): LanguageClient {
  const executable = {
    command: program.command,
    args: program.args,
    transport: TransportKind.stdio,
    options: program.env ? { env: { ...process.env, ...program.env } } : undefined,
  };
  const serverOptions: ServerOptions = { run: executable, debug: executable };
  let client: LanguageClient | undefined = undefined;
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'untitled', language: 'yaml' },
    ],
    // The server also asks for the hotLsp section (workspace/configuration) and registers for its changes;
    // these are for its first analysis, before it asks.
    initializationOptions: { hotLsp: serverSettings() },
    outputChannel: output,
    traceOutputChannel: output,
    middleware: {
      // The server's lenses name commands for any editor; here each runs what shows its answer.
      provideCodeLenses: async (document, token, next) => {
        const lenses = await next(document, token);
        return client && lenses ? lenses.map((lens) => inVsCode(lens, client as LanguageClient)) : lenses;
      },
    },
  };
  client = new LanguageClient(CLIENT_ID, 'hot-lsp', serverOptions, clientOptions);
  return client;
}

// A use count shows its places in VS Code's references peek (which wants VS Code's types, not JSON); "Render" and
// "Resources" open the extension's views of the server's commands, and the what-if's sum on `resources:` its table.
function inVsCode(lens: vscode.CodeLens, client: LanguageClient): vscode.CodeLens {
  const command = lens.command;
  const args = command?.arguments ?? [];
  if (command?.command === SHOW_REFERENCES && args.length === 3) {
    const converter = client.protocol2CodeConverter;
    const [uri, position, locations] = args as [string, Position, Location[]];
    lens.command = {
      title: command.title,
      command: 'editor.action.showReferences',
      arguments: [
        converter.asUri(uri),
        converter.asPosition(position),
        locations.map((location) => converter.asLocation(location)),
      ],
    };
  } else if (command?.command === RENDER_COMMAND || command?.command === RESOURCES_COMMAND) {
    const uri = vscode.Uri.parse(String((args[0] as { uri?: string } | undefined)?.uri ?? ''));
    lens.command =
      command.command === RENDER_COMMAND
        ? { title: command.title, command: 'hotLsp.renderPreview', arguments: [uri] }
        : { title: command.title, command: 'hotLsp.showResources', arguments: [] };
  } else if (command?.command === PREVIEW_COMMAND) {
    const options = (args[0] ?? {}) as { uri?: string; against?: string };
    const uri = vscode.Uri.parse(String(options.uri ?? ''));
    lens.command = options.against
      ? { title: command.title, command: 'hotLsp.showWhatIf', arguments: [uri, options.against] }
      : { title: command.title, command: 'hotLsp.previewOnCloud', arguments: [uri] };
  }
  return lens;
}
