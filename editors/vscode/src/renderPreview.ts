// "Render template preview": the server's hot-lsp.render of the template (as `hot-lsp render` prints it, unsaved
// edits included), opened beside it as YAML.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { RENDER_COMMAND, serverCommand, showBeside, templateDocument } from './serverCommands';

export async function renderPreview(
  client: LanguageClient | undefined,
  uri?: vscode.Uri,
): Promise<vscode.TextDocument | undefined> {
  const template = await templateDocument(client, uri);
  if (!client || !template) {
    return undefined;
  }
  // Without `parameters`, the server takes those of hotLsp.parameters that the template declares.
  const rendered = await serverCommand<string>(client, RENDER_COMMAND, {
    uri: template.uri.toString(),
    format: 'yaml',
  });
  return rendered === undefined ? undefined : showBeside(rendered, 'yaml');
}
