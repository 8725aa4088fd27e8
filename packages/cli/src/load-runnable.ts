// Loading the module `kodama run` and `kodama graph` are given, and what its
// default export turned out to be.
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRunnable, type Runnable } from '@kodama/core';

/** Why a module gave no runnable; `usage` when the command line pointed at the wrong thing. */
export class ModuleLoadError extends Error {
  override readonly name = 'ModuleLoadError';

  constructor(
    message: string,
    /** True for a missing file or an unsuitable default export (exit 2); false when the module threw (exit 1). */
    readonly usage: boolean,
  ) {
    super(message);
  }
}

const TYPESCRIPT = /\.m?ts$/;

/**
 * Imports `file` (relative to `cwd`) and returns its default export with the
 * names of its other exports. A TypeScript module is loaded through tsx's
 * module hooks, registered for the whole process rather than scoped to one
 * import: a scoped import (`tsImport`) gives the module its own copies of
 * `@kodama/*`, and then the CLI and the module would not share one core.
 *
 * @throws ModuleLoadError when the file is missing or the module throws while loading.
 */
export async function importDefault(
  file: string,
  cwd: string,
): Promise<{ readonly value: unknown; readonly exports: readonly string[] }> {
  const path = resolve(cwd, file);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new ModuleLoadError(`no such file: ${file}`, true);
  if (TYPESCRIPT.test(path)) (await loadTsx(cwd)).register();
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new ModuleLoadError(`could not load ${file}: ${what}`, false);
  }
  return { value: module.default, exports: Object.keys(module).filter((k) => k !== 'default') };
}

type TsxApi = { register(): unknown };

/**
 * tsx's module API: an optional peer of kodama (it brings esbuild, a native
 * binary, which only `kodama run <file.ts>` needs), found beside kodama (a
 * global install of both) or in the project of `cwd`.
 *
 * @throws ModuleLoadError saying how to install it when it is in neither.
 */
async function loadTsx(cwd: string): Promise<TsxApi> {
  try {
    return (await import('tsx/esm/api')) as TsxApi;
  } catch {
    // Not beside kodama: try the project's own.
  }
  try {
    const path = createRequire(join(cwd, 'package.json')).resolve('tsx/esm/api');
    return (await import(pathToFileURL(path).href)) as TsxApi;
  } catch {
    throw new ModuleLoadError(
      'kodama loads TypeScript modules through tsx, which is not installed: npm install tsx ' +
        '(in the project, or globally beside kodama), or give it a .js or .mjs module',
      true,
    );
  }
}

/** What a value is, in words, for an error message. */
export function describeValue(value: unknown, exports: readonly string[]): string {
  if (value === undefined) {
    const others = exports.length > 0 ? `; it exports ${exports.join(', ')}` : '';
    return `nothing (the module has no default export${others})`;
  }
  if (value === null) return 'null';
  if (typeof value === 'function')
    return `a function${value.name ? ` (${value.name})` : ''}: export what it returns, e.g. export default ${value.name || 'make'}()`;
  if (value instanceof Promise) return 'a promise: export the value, e.g. export default await make()';
  if (typeof value !== 'object') return `a ${typeof value} (${JSON.stringify(value)})`;
  const kind = (value as { kind?: unknown }).kind;
  const id = (value as { id?: unknown }).id;
  if (isRunnable(value)) return typeof kind === 'string' ? `a ${kind} (${id})` : `an agent (${id || 'main'})`;
  const keys = Object.keys(value).slice(0, 8);
  return `an object${keys.length > 0 ? ` with ${keys.join(', ')}` : ''}`;
}

/**
 * The agent or assembly a module exports as its default export.
 *
 * @throws ModuleLoadError naming what was found and what is expected.
 */
export async function loadRunnable(file: string, cwd: string): Promise<Runnable> {
  const { value, exports } = await importDefault(file, cwd);
  if (isRunnable(value)) return value;
  throw new ModuleLoadError(
    `the default export of ${file} is ${describeValue(value, exports)}; kodama run needs an agent or an ` +
      'assembly (new Agent(...), workflow(...), swarm(...) or graph(...)) as the default export',
    true,
  );
}

/**
 * Closes what a runnable holds once its Run is over: the runnable itself
 * when it has `close` (an agent: MCP servers, extensions), then every
 * participant of an assembly, at any depth, each once. Failures are
 * reported, not thrown: the Run's outcome is already decided.
 */
export async function closeRunnable(root: Runnable, warn: (message: string) => void): Promise<void> {
  const seen = new Set<unknown>();
  const visit = async (node: unknown): Promise<void> => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const participants = (node as { participants?: () => readonly unknown[] }).participants;
    if (typeof participants === 'function') {
      for (const p of participants.call(node)) await visit(p);
    }
    const close = (node as { close?: () => unknown }).close;
    if (typeof close !== 'function') return;
    try {
      await close.call(node);
    } catch (error) {
      warn(`closing ${(node as { id?: string }).id ?? 'a participant'} failed: ${String(error)}`);
    }
  };
  await visit(root);
}
