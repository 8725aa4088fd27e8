// Hooks added to the assistant's agent (the screen's and `kodama -p`'s):
// the hooks of the configuration files that apply (the user's; a project's
// only once trusted, since `narrowedConfig` drops an untrusted project's
// `hooks`), PreToolUse and PostToolUse around every tool, outside the
// permission gate, and the lifecycle hooks as an extension.
import type { SessionStore } from '@kodama/core/session';
import type { AssistantOptions } from '../assistant-setup.ts';
import type { ConfigFile } from '../config.ts';
import { type HookSource, Hooks } from './hooks.ts';
import { lifecycleHooks } from './lifecycle-hooks.ts';
import { withToolHooks } from './tool-hooks.ts';

/** What {@link withHooks} needs of the run. */
export interface HookRun {
  /** The configuration files in effect, the project's first (as `assistantConfig` returns them). */
  readonly configFiles: readonly ConfigFile[];
  /** The project root: hooks run there. */
  readonly root: string;
  readonly env: NodeJS.ProcessEnv;
  readonly sessionId: () => string;
  /** Where the session is: a session with messages starts as `resume`. */
  readonly store: SessionStore;
  /** Told of a hook that failed open. */
  readonly notice: (text: string) => void;
}

/** The hooks of the files in effect, the user's first (the order they run and are reported in). */
export function hookSources(files: readonly ConfigFile[]): HookSource[] {
  return [...files]
    .reverse()
    .flatMap((f) => (f.config.hooks ? [{ path: f.path, hooks: f.config.hooks }] : []));
}

/** `options` with the run's hooks added; `options` itself when no file configures any. */
export async function withHooks(options: AssistantOptions, run: HookRun): Promise<AssistantOptions> {
  const sources = hookSources(run.configFiles);
  if (sources.length === 0) return options;
  const hooks = new Hooks(sources, { cwd: run.root, env: run.env, notice: run.notice });
  const { withHookVerdict } = await import('@kodama/assistant/permissions');
  const stored = await run.store.load(run.sessionId()).catch(() => undefined);
  const start = (stored?.messages.length ?? 0) > 0 ? 'resume' : 'startup';
  const lifecycle = lifecycleHooks(hooks, { sessionId: run.sessionId, start });
  const inner = options.wrapTool;
  const context = { sessionId: run.sessionId, withVerdict: withHookVerdict };
  return {
    ...options,
    wrapTool: (tool) => withToolHooks(inner ? inner(tool) : tool, hooks, context),
    extensions: [...(options.extensions ?? []), ...(lifecycle ? [lifecycle] : [])],
  };
}

/** The {@link HookRun} of `kodama -p`: its one session, and stderr for a hook that failed open. */
export function printHookRun(
  spec: Pick<HookRun, 'configFiles' | 'root'>,
  io: { readonly env: NodeJS.ProcessEnv; readonly stderr: NodeJS.WritableStream },
  setup: { readonly sessionId: string; readonly store: SessionStore },
): HookRun {
  const notice = (text: string) => void io.stderr.write(`kodama: ${text}\n`);
  const { configFiles, root } = spec;
  return { configFiles, root, env: io.env, sessionId: () => setup.sessionId, store: setup.store, notice };
}

/**
 * Runs the PreCompact hooks before `/compact` (trigger `manual`, the person's
 * instructions as `custom_instructions`); returns why compaction stops when
 * one blocks (exit 2, `"decision": "block"`), else undefined.
 */
export async function preCompact(run: HookRun, instructions: string): Promise<string | undefined> {
  const sources = hookSources(run.configFiles);
  const hooks = new Hooks(sources, { cwd: run.root, env: run.env, notice: run.notice });
  if (!hooks.has('PreCompact')) return undefined;
  const input = { session_id: run.sessionId(), trigger: 'manual', custom_instructions: instructions };
  const outcome = await hooks.run('PreCompact', input, { kind: 'manual' });
  if (outcome.decision !== 'deny') return undefined;
  return `a PreCompact hook stopped it: ${outcome.reason ?? 'it gave no reason'} (the hook ${outcome.command} in ${outcome.source})`;
}
