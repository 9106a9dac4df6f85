// "Render template preview": `hot-lsp render` of the template, opened beside it as YAML.
import * as vscode from 'vscode';
import { runSubcommand, showBeside, templateDocument } from './cli';
import { environmentFiles, parameterArguments } from './settings';

export async function renderPreview(
  output: vscode.OutputChannel,
  uri?: vscode.Uri,
): Promise<vscode.TextDocument | undefined> {
  const template = await templateDocument(uri);
  if (!template) {
    return undefined;
  }
  const environments = (await environmentFiles(template.uri)).flatMap((file) => ['--env', file]);
  const args = [...environments, ...parameterArguments(), '--format', 'yaml'];
  const rendered = await runSubcommand('render', template, args, output);
  return rendered === undefined ? undefined : showBeside(rendered, 'yaml');
}
