import type { EditorTheme } from '@mariozechner/pi-tui';
import type { Theme } from '../render/theme.ts';

/** pi-tui's editor and completion list in the assistant's theme. */
export function editorTheme(theme: Theme): EditorTheme {
  return {
    borderColor: theme.dim,
    selectList: {
      selectedPrefix: theme.accent,
      selectedText: theme.bold,
      description: theme.dim,
      scrollInfo: theme.dim,
      noMatch: theme.dim,
    },
  };
}
