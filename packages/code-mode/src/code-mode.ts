import { type AnyTool, ARTIFACT_READ_TOOL, type Extension } from '@kodama/core';
import { CONTROL_TOOLS, controlTools } from './control-tools.ts';
import { catalogDeclarations } from './declarations.ts';
import type { CodeEngine } from './engine.ts';
import { type CodeModeLimits, resolveLimits } from './limits.ts';
import { identifiers } from './names.ts';
import { quickjsEngine } from './quickjs-engine.ts';
import { CodeModeSession } from './session.ts';

/** Options of {@link codeMode}. */
export interface CodeModeOptions {
  /** Tools that stay model-facing (not in the catalog). The sub-agent tool `agent` always stays. */
  readonly except?: readonly string[];
  /** Overrides of {@link DEFAULT_LIMITS}. */
  readonly limits?: Partial<CodeModeLimits>;
  /** The engine; default {@link quickjsEngine}. */
  readonly engine?: CodeEngine;
}

/** Tools that always stay with the model: sub-agent controls. */
const ALWAYS_MODEL_FACING: ReadonlySet<string> = new Set(['agent']);

/**
 * Tools in the catalog that the model keeps too: the artifact reader (a large
 * `exec` result becomes an artifact the model reads in ranges; a program
 * reads artifacts with `await tools.artifact_read({ ref, offset, limit })`).
 */
const SHARED: ReadonlySet<string> = new Set([ARTIFACT_READ_TOOL]);

/**
 * Code mode: the model gets `exec {source}`, `wait` and `stop`; every other
 * tool the agent has once built (minus `except` and the sub-agent controls)
 * moves into a catalog that programs call as `await tools.<name>(args)`. The
 * system prompt carries the catalog as TypeScript declarations. Each call
 * goes through the broker (see `Broker`): the agent's tool as it holds it,
 * the budget, the loop guard, the taint gate.
 *
 * Add it last: tools added by extensions after it, or later through
 * `addTool`, stay model-facing.
 *
 * @throws TypeError on a bad limit, or (when the agent is built) when two
 *   catalog tools map to one identifier or one takes a reserved name.
 */
export function codeMode(options: CodeModeOptions = {}): Extension {
  const limits = resolveLimits(options.limits);
  const engine = options.engine ?? quickjsEngine();
  const except = new Set([
    ...(options.except ?? []),
    ...ALWAYS_MODEL_FACING,
    ...Object.values(CONTROL_TOOLS),
  ]);
  let catalog = new Map<string, AnyTool>();
  let ids = new Map<string, string>();
  let view: Parameters<NonNullable<Extension['bind']>>[0] | undefined;
  const session = new CodeModeSession({
    engine,
    limits,
    catalog: () => catalog,
    ids: () => ids,
    agent: () => {
      if (!view) throw new Error('codeMode: the agent is not built yet');
      return view.agent;
    },
  });
  return {
    name: 'code-mode',
    configure(c) {
      for (const tool of controlTools(session, () => catalog.values(), engine.name)) c.addTool(tool);
    },
    bind(context) {
      view = context;
      const moved = context.agent.tools.filter((t) => !except.has(t.name));
      ids = identifiers(moved.map((t) => t.name));
      catalog = new Map(moved.map((t) => [t.name, t]));
      for (const tool of moved) if (!SHARED.has(tool.name)) context.removeTool(tool.name);
      context.onClose(() => session.close('the agent closed'));
    },
    onConversationReset() {
      session.close('the conversation was cleared');
    },
    systemPromptSnippets() {
      if (catalog.size === 0) return [];
      return [
        [
          '# Code mode',
          'Call tools by writing a program for the `exec` tool: JavaScript, run in a sandbox with no filesystem, network, process or timers; only these functions reach the outside. ' +
            'Each tool returns a Promise of its result (JSON results are parsed into values) and throws when the call fails. ' +
            'Combine many calls in one program (`await tools.parallel(() => tools.a({...}), () => tools.b({...}))`), print with `text(...)`, and end with the value to return.',
          '```ts',
          catalogDeclarations([...catalog.values()], ids),
          '```',
        ].join('\n'),
      ];
    },
  };
}
