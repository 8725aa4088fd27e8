import type { ToolResult } from '@kodama/core';

/**
 * A tool's result as the program's value: JSON text parsed (so
 * `(await tools.stat({path})).size` works), other text as a string, rich
 * content as its text (images become a placeholder: a program cannot show them).
 */
export function resultValue(result: ToolResult): unknown {
  const text =
    typeof result === 'string'
      ? result
      : result.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('');
  const trimmed = text.trim();
  if (/^[[{"]/.test(trimmed) || /^(-?\d|true$|false$|null$)/.test(trimmed)) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return text;
    }
  }
  return text;
}

/** Whether `value` is a plain object (what tool arguments must be). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
