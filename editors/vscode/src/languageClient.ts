// The LanguageClient for hot-lsp: every YAML document goes to the server, which decides what is HOT.
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { HotLspProgram } from './serverCommand';
import { serverSettings } from './settings';

// The client id names the trace setting: hotLsp.trace.server.
export const CLIENT_ID = 'hotLsp';

export function createClient(program: HotLspProgram, output: vscode.OutputChannel): LanguageClient {
  const executable = { command: program.command, args: program.args, transport: TransportKind.stdio };
  const serverOptions: ServerOptions = { run: executable, debug: executable };
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
  };
  return new LanguageClient(CLIENT_ID, 'hot-lsp', serverOptions, clientOptions);
}
