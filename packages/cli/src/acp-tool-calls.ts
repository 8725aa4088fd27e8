// How a kodama tool call looks to an ACP client: its kind, title and
// locations come from the tool's declared effects (never its name, as the
// permission rules read them), and the call being executed is known to the
// questions it asks (AsyncLocalStorage), so a permission request names the
// tool call the editor already shows.
import { AsyncLocalStorage } from 'node:async_hooks';
import { isAbsolute, relative, resolve } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { type AnyTool, declaredEffects, type ToolEffect, wrapTool } from '@kodama/core';

/** The tool call whose execution is under way, as its questions see it. */
export interface CallInFlight {
  readonly toolCallId: string;
  /** The diff of a file write, once computed (shown with its permission request). */
  diff?: acp.ToolCallContent;
}

/** What an ACP client is told about one call: set from the tool's declared effects. */
export interface CallView {
  readonly kind: acp.ToolKind;
  readonly title: string;
  readonly locations: acp.ToolCallLocation[];
}

/** The tools of a session by name, and the call each question belongs to. */
export class ToolCallBook {
  readonly #tools = new Map<string, AnyTool>();
  /** Kinds shown by tool name, for the tools kodama brings itself (display only: nothing decides by it). */
  readonly #kinds = new Map<string, acp.ToolKind>();
  readonly #current = new AsyncLocalStorage<CallInFlight>();
  readonly #root: string;
  readonly #readText: (path: string) => Promise<string | undefined>;

  /** `readText` reads a file inside the root for a diff (the editor's buffer when the client offers it). */
  constructor(root: string, readText: (path: string) => Promise<string | undefined>) {
    this.#root = root;
    this.#readText = readText;
  }

  /** The call executing where this is called (inside a tool's execute), if any. */
  get current(): CallInFlight | undefined {
    return this.#current.getStore();
  }

  /** Shows the calls of the tool named `name` (one kodama brings itself, such as present_plan) as `kind`. */
  markKind(name: string, kind: acp.ToolKind): void {
    this.#kinds.set(name, kind);
  }

  /**
   * Wraps `tool` (outermost, around the permission gate): its calls run with
   * their id in scope for the questions they ask, and `onWrite` hears each
   * file write's diff before anything is asked or written.
   */
  wrap(tool: AnyTool, onWrite: (toolCallId: string, diff: acp.ToolCallContent) => Promise<void>): AnyTool {
    const wrapped = wrapTool(tool, async (args, context, next) => {
      const call: CallInFlight = { toolCallId: context.toolCallId };
      return this.#current.run(call, async () => {
        const diff = await this.#diffOf(tool, args);
        if (diff) {
          call.diff = diff;
          await onWrite(context.toolCallId, diff);
        }
        return next(args, context);
      });
    });
    this.#tools.set(tool.name, wrapped);
    return wrapped;
  }

  /** The kind, title and locations of a call of `name` with the model's `rawArguments`. */
  view(name: string, rawArguments: string): CallView {
    const tool = this.#tools.get(name);
    const effects = tool ? declaredEffects(tool, parseJson(rawArguments)) : [];
    const locations = effects.flatMap((e) => {
      const path = 'path' in e ? this.#absolute(e.path) : undefined;
      return path === undefined ? [] : [{ path }];
    });
    return {
      kind: this.#kinds.get(name) ?? kindOf(effects),
      title: titleOf(name, effects, this.#root),
      locations,
    };
  }

  /**
   * The diff of a `writesFile` call inside the root: the file's text now and
   * the tool's own preview of it. None for a path outside the root (the tool
   * refuses it; nothing outside is read even for a preview).
   */
  async #diffOf(tool: AnyTool, args: unknown): Promise<acp.ToolCallContent | undefined> {
    const write = declaredEffects(tool, args).find((e) => e.kind === 'writesFile');
    if (write === undefined) return undefined;
    const path = this.#absolute(write.path);
    if (path === undefined || !(await realInside(path, this.#root))) return undefined;
    const before = await this.#readText(path).catch(() => undefined);
    const after = write.preview(before);
    if (after === undefined) return undefined;
    return { type: 'diff', path, oldText: before ?? null, newText: after };
  }

  /** `path` made absolute under the root (ACP paths are absolute); undefined for an empty one. */
  #absolute(path: string): string | undefined {
    if (path === '') return undefined;
    return isAbsolute(path) ? path : resolve(this.#root, path);
  }
}

/** The ACP kind of a call: its weightiest declared effect (command, write, network, search, read). */
export function kindOf(effects: readonly ToolEffect[]): acp.ToolKind {
  const kinds = new Set(effects.map((e) => e.kind));
  if (kinds.has('runsCommand')) return 'execute';
  if (kinds.has('writesFile')) return 'edit';
  if (kinds.has('reachesNetwork')) return 'fetch';
  const read = effects.find((e) => e.kind === 'readsPath');
  if (read) return read.searches ? 'search' : 'read';
  return 'other';
}

/** A short title: the command, or the tool and the path it touches (relative to the root), else the tool. */
function titleOf(name: string, effects: readonly ToolEffect[], root: string): string {
  for (const effect of effects) {
    if (effect.kind === 'runsCommand') return `${name}: ${effect.command.split('\n')[0]}`;
    if (effect.kind === 'writesFile' || effect.kind === 'readsPath') {
      const shown = isAbsolute(effect.path) ? relative(root, effect.path) || '.' : effect.path;
      return `${name} ${shown.startsWith('..') ? effect.path : shown}`;
    }
    if (effect.kind === 'reachesNetwork' && effect.url) return `${name} ${effect.url}`;
  }
  return name;
}

/** True when `path` is lexically inside `root` (the workspace checks the real path when the tool runs). */
export function inside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** True when `path`, after symbolic links (a new file: its folder's), is inside the real `root`. */
async function realInside(path: string, root: string): Promise<boolean> {
  const { realpath } = await import('node:fs/promises');
  const { dirname, basename, join } = await import('node:path');
  const real = await realpath(path).catch(async () =>
    join(await realpath(dirname(path)).catch(() => dirname(path)), basename(path)),
  );
  return inside(real, await realpath(root).catch(() => root));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
