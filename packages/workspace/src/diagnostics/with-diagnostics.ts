import { readFile, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type AnyTool, effectsOf, type ToolResult, wrapTool } from '@kodama/core';
import { type CheckedFile, type DiagnosticsSource, formatDiagnostics } from './diagnostic.ts';

/**
 * Wraps a tool that writes files (it declares `writesFile`) so that after a
 * call succeeds, the files it wrote are checked by `source` and what it found
 * goes back to the model with the call's result (nothing is added when the
 * files are clean). A failed call, a file that cannot be read back, or a
 * checker that fails adds nothing to the result beyond the checker's own
 * note: the edit happened and is reported as it was. Tools that write no
 * file are returned as they are.
 */
export function withDiagnostics(tool: AnyTool, source: DiagnosticsSource, root: string): AnyTool {
  if (!tool.effects?.kinds.includes('writesFile')) return tool;
  return wrapTool(tool, async (args, context, next) => {
    const result = await next(args, context);
    const paths = effectsOf(tool, args).flatMap((e) => (e.kind === 'writesFile' ? [e.path] : []));
    const files = (await Promise.all(paths.map((p) => readBack(root, p)))).filter(
      (f): f is CheckedFile => f !== undefined,
    );
    if (files.length === 0) return result;
    const found = await source.check(files, context.signal).catch((error: unknown) => ({
      diagnostics: [],
      note: `failed (${error instanceof Error ? error.message : String(error)})`,
    }));
    const text = formatDiagnostics(found, source.name, root);
    return text === undefined ? result : appended(result, text);
  });
}

async function readBack(root: string, path: string): Promise<CheckedFile | undefined> {
  try {
    const real = await realpath(resolve(root, path));
    return { path: real, text: await readFile(real, 'utf8') };
  } catch {
    return undefined; // removed or unreadable since: nothing to check
  }
}

function appended(result: ToolResult, text: string): ToolResult {
  return typeof result === 'string' ? `${result}\n\n${text}` : [...result, { type: 'text', text }];
}
