// Ask how deep to explode nested stacks: 0 to Heat's max_nested_stack_depth (5), the setting first.
import * as vscode from 'vscode';
import { nestedDepth } from './settings';

export const MAX_DEPTH = 5;

export async function pickNestedDepth(): Promise<number | undefined> {
  const preferred = nestedDepth();
  const items = Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
    label: String(depth),
    description: [
      depth === 0 ? 'this template only' : depth === MAX_DEPTH ? "Heat's max_nested_stack_depth" : '',
      depth === preferred ? '(hotLsp.nestedDepth)' : '',
    ]
      .filter(Boolean)
      .join(' '),
    depth,
  }));
  items.unshift(...items.splice(Math.min(Math.max(preferred, 0), MAX_DEPTH), 1));
  const picked = await vscode.window.showQuickPick(items, { placeHolder: 'Nested depth: how many levels of nested stacks' });
  return picked?.depth;
}
