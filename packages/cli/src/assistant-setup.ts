import type { BackgroundControl } from '@kodama/assistant';
import { Agent, type AnyTool, type Extension, type Listener, type Model, StepLimit } from '@kodama/core';
import { wrapExtensionTools } from '@kodama/core/extensions';
import type { IdSource } from '@kodama/core/ids';
import type { StepRunner } from '@kodama/core/loop';
import type { TaintGate } from '@kodama/core/taint';
import type { McpExtension } from '@kodama/mcp';
import { resolveModel } from '@kodama/models';
import type { ToolSearch } from '@kodama/tool-search';
import { ASK_SYSTEM_PROMPT } from './ask-system-prompt.ts';
import type { CliIO } from './cli-io.ts';
import { backgroundLimits } from './config.ts';
import { planDiagnostics } from './diagnostics-setup.ts';
import { planMcp } from './mcp-setup.ts';
import { UsageError } from './parse-support.ts';
import type { AgentSpec } from './resolve-spec.ts';
import { setupError } from './setup-error.ts';
import { planSkillsAndTasks } from './skills-setup.ts';
import { AGENT_TOOL_NAME, planSubAgents } from './subagent-setup.ts';
import { cliTaintGate } from './taint-gate.ts';
import { buildTools, toolNames } from './tool-registry.ts';
import type { ToolSetup } from './tool-setup.ts';

/** Tool-call budget of one `kodama ask` turn unless `--max-steps` says otherwise. */
export const DEFAULT_MAX_STEPS = 25;

/** What the caller adds to the assistant the flags describe. */
export interface AssistantOptions {
  readonly model: Model;
  readonly listener?: Listener;
  readonly maxSteps?: number;
  /** The assistant's: its coding prompt with the project's instructions (default: ask's prompt). */
  readonly systemPrompt?: string;
  /** The assistant's inline confirmer for the file and shell tools (default: per --yes, on the terminal). */
  readonly confirmer?: ToolSetup['confirmer'];
  /** The assistant's review of write and edit (a diff before they run). */
  readonly reviewEdits?: ToolSetup['reviewEdits'];
  /** The assistant's inline taint gate (default: per --yes=all, on the terminal). */
  readonly taintGate?: TaintGate;
  /** bash shows its output live (the assistant's screen). */
  readonly streamOutput?: boolean;
  /** The text `read` shows of a text file, by its real path (the editor's buffer, `kodama acp`). */
  readonly readText?: ToolSetup['readText'];
  /** Told the background commands' and sub-agents' table (the assistant's `/tasks`, the status line's count). */
  readonly onBackground?: ToolSetup['onBackground'];
  /**
   * Wraps every tool the model or a sub-agent can call: the built ones and
   * those the extensions add, also later (an MCP server's tools). The
   * assistant's permission rules: a denied call fails before it runs.
   */
  readonly wrapTool?: (tool: AnyTool) => AnyTool;
  /** Tools the caller brings besides `--tools` (the assistant screen's `present_plan`), wrapped like the rest. */
  readonly extraTools?: readonly AnyTool[];
  /** Where the skill catalog's problems go, one line each (default: stderr); the assistant's screen notices. */
  readonly skillNotice?: (line: string) => void;
  /** Extensions the caller brings (the hooks' lifecycle), added after the rest. */
  readonly extensions?: readonly Extension[];
  /** The step runner and id source of a durable worker (`durableAgentOptions`). */
  readonly stepRunner?: StepRunner;
  readonly ids?: IdSource;
}

export { AssistantSetupError } from './setup-error.ts';

/**
 * Builds the agent `kodama ask` runs and `kodama trifecta` maps from its
 * resolved spec ({@link AgentSpec}: nothing is read again here): the tools of
 * `--tools` (from the packages' registries), the skills and tasks extensions,
 * and with `--tools agent` the sub-agents extension, whose personas' other
 * tools are built as sub-agent-only tools (the LIBRARIAN among them when the
 * root has a corpus index); with memory on the memory extension of `--user`;
 * the taint gate of `--yes=all`; the step budget; with `--code-mode` the
 * code-mode extension, last; everything built closes with
 * the agent (memory's database after its captures are flushed).
 *
 * @throws AssistantSetupError for an unknown tool, a bad persona file, a skills
 *   conflict, a sandbox that cannot start, a memory database that cannot be
 *   opened; nothing built is left open.
 */
export async function buildAssistant(spec: AgentSpec, io: CliIO, options: AssistantOptions): Promise<Agent> {
  const closers: Array<() => void | Promise<void>> = [];
  const { root, config } = spec;
  try {
    const extras = await planSkillsAndTasks(spec, root, io, options.skillNotice);
    const visible = extras.toolNames.filter((n) => n !== AGENT_TOOL_NAME);
    const sub = spec.tools.includes(AGENT_TOOL_NAME)
      ? await planSubAgents(
          visible,
          spec.agents,
          await toolNames(),
          (target) => resolveModel(target, { env: io.env }),
          {
            librarian: await offersLibrarian(visible, io.env, root),
            maxBackground: backgroundLimits(config).maxAgents,
          },
        )
      : undefined;
    const mcp = await planMcp(spec, io, {
      ...(options.confirmer ? { confirmer: options.confirmer } : {}),
      explain: options.confirmer === undefined,
      ...(options.streamOutput ? {} : { notice: (text: string) => io.stderr.write(`kodama: ${text}\n`) }),
    });
    const memory = await openMemory(spec, io.env);
    if (memory) closers.push(() => memory.db.close());
    let commands: BackgroundControl | undefined;
    let built = await buildTools([...visible, ...(sub?.hiddenTools ?? [])], {
      config,
      root,
      readableRoots: extras.readableRoots,
      yes: spec.yes,
      sandbox: spec.sandbox ?? 'none',
      stdin: io.stdin,
      stderr: io.stderr,
      onClose: (handler) => closers.push(handler),
      ...(options.confirmer ? { confirmer: options.confirmer } : {}),
      ...(options.reviewEdits ? { reviewEdits: options.reviewEdits } : {}),
      ...(options.streamOutput ? { streamOutput: true } : {}),
      ...(options.readText ? { readText: options.readText } : {}),
      onBackground: (control) => {
        commands = control;
      },
    });
    // One table for /tasks and the status line: the commands, then the background sub-agents.
    // Loaded only then: its words come from @kodama/workspace, which `ask` with no file tool never loads.
    if (commands || sub) {
      const { agentsControl, joinedControl } = await import('./background-control.ts');
      const background = joinedControl([commands, sub && agentsControl(sub.extension.background)]);
      if (background) options.onBackground?.(background);
    }
    // Diagnostics inside the gate: they run only after the edit was allowed and made.
    const diagnostics = await planDiagnostics(config.diagnostics, root, spec.trusted);
    if (diagnostics) {
      const { withDiagnostics } = await import('@kodama/workspace/diagnostics');
      closers.push(() => diagnostics.close());
      built = built.map((t) => withDiagnostics(t, diagnostics, root));
    }
    const wrap = options.wrapTool;
    const inner = [...built, ...(options.extraTools ?? [])];
    const tools = wrap ? inner.map((t) => wrap(t)) : inner;
    const visibleNames = [...visible, ...(options.extraTools ?? []).map((t) => t.name)];
    const search = spec.toolSearch ? await planToolSearch(options.extraTools ?? []) : undefined;
    const codeModeExtension = spec.codeMode ? await planCodeMode(options.extraTools ?? []) : undefined;
    return new Agent({
      model: options.model,
      systemPrompt: options.systemPrompt ?? ASK_SYSTEM_PROMPT,
      stepLimit: new StepLimit(options.maxSteps ?? DEFAULT_MAX_STEPS, 'synthesize'),
      streaming: true,
      ...(options.stepRunner ? { stepRunner: options.stepRunner } : {}),
      ...(options.ids ? { ids: options.ids } : {}),
      taintGate: selfTaintPasses(
        mcp,
        options.taintGate ?? cliTaintGate({ yesAll: spec.yesAll, stdin: io.stdin, stderr: io.stderr }),
      ),
      configure: (c) => {
        for (const tool of tools) {
          if (visibleNames.includes(tool.name)) c.addTool(tool);
          else c.addSubAgentTool(tool);
        }
        const extensions = [
          ...extras.extensions,
          ...(sub ? [sub.extension] : []),
          ...(mcp ? [mcp] : []),
          ...(memory ? [memory.extension] : []),
          ...(options.extensions ?? []),
        ];
        for (const extension of extensions) {
          const wrapped = wrap ? wrapExtensionTools(extension, wrap) : extension;
          // Included outside the wrap: the tools it defers are the wrapped ones.
          c.addExtension(search && extension === mcp ? search.include(wrapped) : wrapped);
        }
        // After the tools it defers, before code mode (which keeps tool_search with the model).
        if (search) c.addExtension(search);
        // Last, and not wrapped: its catalog is the tools above as wrapped (the
        // gate and the hooks refuse a program's call as they would a direct one);
        // exec itself runs nothing but those calls.
        if (codeModeExtension) c.addExtension(codeModeExtension);
        if (options.listener) c.addListener(options.listener);
        for (const close of closers) c.onClose(close);
      },
    });
  } catch (error) {
    for (const close of closers.reverse()) await close();
    throw setupError(error);
  }
}

/**
 * Code mode (`--code-mode`): the caller's own tools (the screen's
 * `present_plan`) stay with the model, as does the sub-agent tool.
 */
async function planCodeMode(extraTools: readonly AnyTool[]): Promise<Extension> {
  const { codeMode } = await import('@kodama/code-mode');
  return codeMode({ except: [...extraTools.map((t) => t.name), 'tool_search'] });
}

/** Tool search (`--tool-search`): the caller's own tools stay with the model. */
async function planToolSearch(extraTools: readonly AnyTool[]): Promise<ToolSearch> {
  const { toolSearch } = await import('@kodama/tool-search');
  return toolSearch({ always: extraTools.map((t) => t.name) });
}

/**
 * The taint gate, except for a call held only by its own MCP server's results
 * when that server declares no legs: it runs without asking (see
 * `McpExtension.selfTainted`). Everything else goes to `gate`.
 */
function selfTaintPasses(mcp: McpExtension | undefined, gate: TaintGate): TaintGate {
  if (!mcp) return gate;
  return (call, signal) => mcp.selfTainted(call.toolName, call.sources) || gate(call, signal);
}

/**
 * The LIBRARIAN is offered where the corpus is: its tools were asked for, or
 * `kodama index` indexed the root. A memory database that cannot be read
 * offers none (the corpus tools, when asked for, say why).
 */
async function offersLibrarian(visible: readonly string[], env: NodeJS.ProcessEnv, root: string) {
  const { CORPUS_TOOLS, corpusIndexed } = await import('./corpus-setup.ts');
  if (visible.some((t) => CORPUS_TOOLS.names.includes(t))) return true;
  return corpusIndexed(env, root).catch(() => false);
}

/**
 * The memory extension when the spec has memory on, keyed by `--user` or the
 * login name, embedding with the spec's target when none is remembered.
 *
 * @throws UsageError for `--user` without memory.
 */
async function openMemory(spec: AgentSpec, env: NodeJS.ProcessEnv) {
  if (!spec.memory) {
    if (spec.user !== undefined)
      throw new UsageError('--user names whose memories to use: add --memory', 'ask');
    return undefined;
  }
  const { openMemoryExtension } = await import('./corpus-setup.ts');
  const { defaultUserId } = await import('./memory-command.ts');
  return openMemoryExtension({ env, userId: spec.user ?? defaultUserId(env), defaultEmbed: spec.embed });
}
