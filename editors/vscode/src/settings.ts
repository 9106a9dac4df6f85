// The hotLsp.* settings the server reads (docs/editors.md, "Settings").
import * as vscode from 'vscode';

const SERVER_KEYS = [
  'environments',
  'parameters',
  'disabledRules',
  'nestedDepth',
  'resourceTypePaths',
  'inlayHints',
  'cloud',
  'stacks',
  'heatRelease',
];

export function serverSettings(): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration('hotLsp');
  const settings: Record<string, unknown> = {};
  for (const key of SERVER_KEYS) {
    settings[key] = config.get(key);
  }
  return settings;
}

export function nestedDepth(): number {
  // "MAX" is Heat's max_nested_stack_depth, 5, as the server reads it.
  const value = vscode.workspace.getConfiguration('hotLsp').get<number | string>('nestedDepth', 1);
  return typeof value === 'string' ? 5 : value;
}
