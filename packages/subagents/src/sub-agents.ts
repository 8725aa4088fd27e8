import {
  type AnyTool,
  type Extension,
  type ExtensionContext,
  isToolFailure,
  type ToolContext,
  type ToolFailure,
  toolFailure,
} from '@kodama/core';
import type { Configurator, TrifectaContribution } from '@kodama/core/extensions';
import type { HistoryMessage } from '@kodama/core/history';
import type { ChannelEgress, TrifectaNode } from '@kodama/core/trifecta';
import { agentTool } from './agent-tool.ts';
import { AnswerInbox } from './answer-inbox.ts';
import { availableAgentsBlock } from './available-agents.ts';
import { BackgroundAgents } from './background-agents.ts';
import { definePersona, type Persona, PersonaError } from './persona.ts';
import { personaNode } from './persona-node.ts';
import { runSubAgent, type SubAgentSpec } from './spawn.ts';
import { AGENT_TOOL } from './tool-name.ts';

/** Options of {@link subAgents}. */
export interface SubAgentsOptions {
  /** The personas the `agent` tool can start (at least one). */
  readonly personas: readonly Persona[];
  /**
   * How many levels of sub-agents may exist below the main agent when a
   * persona lists `agent` itself; default 2. Below the limit no `agent` tool is given.
   */
  readonly depthLimit?: number;
  /**
   * Whether a person sees a sub-agent's answer before anything can act on it
   * (`human-reviewed`) or not (`unreviewed`, the default): the trifecta channel.
   */
  readonly channelEgress?: ChannelEgress;
  /**
   * How many sub-agents may run in the background at once (`background: true`),
   * nested ones included; default {@link DEFAULT_MAX_BACKGROUND_AGENTS}.
   */
  readonly maxBackground?: number;
}

/** Background sub-agents at once when {@link SubAgentsOptions.maxBackground} is not given. */
export const DEFAULT_MAX_BACKGROUND_AGENTS = 3;

/** The sub-agents extension, with its table of background sub-agents (a host's task list). */
export interface SubAgentsExtension extends Extension {
  /** The background sub-agents of this agent and of its nested sub-agents. */
  readonly background: BackgroundAgents;
}

type Settings = Required<Omit<SubAgentsOptions, 'personas' | 'maxBackground'>>;

/** The state one agent's `agent` tool shares: personas, depth, the resolved tools, the id counter. */
class SubAgents implements SubAgentsExtension {
  readonly name = 'subagents';
  readonly background: BackgroundAgents;
  readonly #personas: ReadonlyMap<string, Persona>;
  readonly #options: Settings;
  readonly #depth: number;
  readonly #indexPrefix: string;
  #context: ExtensionContext | undefined;
  #toolsOf = new Map<string, readonly AnyTool[]>();
  /** Why a persona cannot start: it names a tool this agent cannot hand down. */
  #unusable = new Map<string, string>();
  #next = 0;
  /** The table ids of the background sub-agents this agent started and that still run: ended when it closes. */
  readonly #mine = new Set<string>();
  /** Their answers until they are seen delivered (a load drops what `interject` queued). */
  readonly #answers = new AnswerInbox();

  constructor(
    personas: readonly Persona[],
    options: Settings,
    background: BackgroundAgents,
    depth: number,
    indexPrefix: string,
  ) {
    this.background = background;
    this.#personas = new Map(personas.map((p) => [p.name, p]));
    this.#options = options;
    this.#depth = depth;
    this.#indexPrefix = indexPrefix;
  }

  configure(c: Configurator): void {
    c.addTool(
      agentTool([...this.#personas.keys()], {
        run: (name, task, ctx) => this.#run(name, task, ctx),
        start: (name, task, ctx) => this.#start(name, task, ctx),
        legs: () => this.#nodes(this.#depth + 1),
        channel: this.#options.channelEgress,
      }),
    );
  }

  /**
   * Resolves every persona's tools now that the agent is built. A persona
   * naming a tool the agent cannot hand down (not among its tools or its
   * sub-agent-only pool) fails alone: starting it answers the parent's model
   * with an `Error:` observation saying why, and the other personas work.
   * A persona never gets more than that: the list is checked, never widened.
   */
  bind(context: ExtensionContext): void {
    this.#context = context;
    // Not awaited: a sub-agent slow to notice its abort must not hold the close up.
    context.onClose(() => {
      for (const id of this.#mine) void this.background.kill(id, 'closed');
    });
    const { tools, subAgentTools } = context.agent;
    const byName = new Map([...tools, ...subAgentTools].map((t) => [t.name, t]));
    const known = [...byName.keys()].filter((n) => n !== AGENT_TOOL).join(', ') || 'none';
    for (const persona of this.#personas.values()) {
      const resolved: AnyTool[] = [];
      const missing: string[] = [];
      for (const name of persona.toolNames) {
        if (name === AGENT_TOOL) continue;
        const tool = byName.get(name);
        if (tool) resolved.push(tool);
        else missing.push(name);
      }
      this.#toolsOf.set(persona.name, resolved);
      if (missing.length > 0)
        this.#unusable.set(
          persona.name,
          `persona "${persona.name}" names ${missing.length === 1 ? 'the tool' : 'the tools'} ` +
            `${missing.map((n) => `"${n}"`).join(', ')}, which this agent cannot hand down (its tools: ${known}); ` +
            'choose another agent or do the task yourself',
        );
    }
  }

  onHistoryLoaded(context: ExtensionContext, messages: readonly HistoryMessage[]): void {
    this.#answers.reloaded(context, messages);
  }

  systemPromptSnippets(): readonly string[] {
    return [availableAgentsBlock([...this.#personas.values()])];
  }

  trifectaContribution(): TrifectaContribution {
    return { children: this.#nodes(this.#depth + 1) };
  }

  #nests(persona: Persona, childDepth: number): boolean {
    return persona.toolNames.includes(AGENT_TOOL) && childDepth < this.#options.depthLimit;
  }

  #nodes(childDepth: number): TrifectaNode[] {
    return [...this.#personas.values()].map((p) => {
      const children = this.#nests(p, childDepth) ? this.#nodes(childDepth + 1) : [];
      return personaNode(p, this.#toolsOf.get(p.name) ?? [], this.#options.channelEgress, children);
    });
  }

  async #run(name: string, task: string, ctx: ToolContext): Promise<string | ToolFailure> {
    const spec = this.#spec(name, ctx, false);
    return isToolFailure(spec) ? spec : runSubAgent(spec, task, ctx);
  }

  /**
   * Starts a sub-agent without waiting: it runs on the agent's own listener
   * views and a signal of its own (aborted when the agent closes, not when the
   * turn ends), and its answer (or failure) is queued for the model with
   * `interject`: delivered at the next step, or with the next prompt.
   */
  #start(name: string, task: string, ctx: ToolContext): string | ToolFailure {
    const table = this.background;
    if (table.running >= table.max) return toolFailure(limitReached(table));
    const spec = this.#spec(name, ctx, true);
    if (isToolFailure(spec)) return spec;
    const run = table.start(spec.id, name, task);
    if (!run) return toolFailure(limitReached(table));
    this.#mine.add(run.id);
    const deliver = (text: string) =>
      this.#answers.send(
        this.#context,
        `<background-agent id="${spec.id}">\n${text}\n</background-agent>`,
        ctx.toolCallId,
      );
    // Ended by a person: the model is told not to wait; ended by its agent closing: nobody is left to tell.
    const ended = () => {
      if (run.killedByPerson)
        deliver('Error: the person ended this sub-agent before it answered; do not wait for its answer');
    };
    runSubAgent(spec, task, { signal: run.signal, appContext: ctx.appContext })
      .then(
        (answer) => {
          if (run.signal.aborted) return ended();
          deliver(typeof answer === 'string' ? answer : `Error: ${answer.message}`);
          run.finish(
            typeof answer === 'string' ? { state: 'done' } : { state: 'failed', message: answer.message },
          );
        },
        (error: unknown) => {
          if (run.signal.aborted) return ended();
          const message = error instanceof Error ? error.message : String(error);
          deliver(`Error: ${message}`);
          run.finish({ state: 'failed', message });
        },
      )
      .finally(() => {
        run.finish({ state: 'killed', reason: 'closed' }); // settles a kill; a status already set stays
        this.#mine.delete(run.id);
      });
    return `started ${spec.id} in the background (task ${run.id}); its answer arrives as a <background-agent id="${spec.id}"> message when it finishes`;
  }

  #spec(name: string, ctx: ToolContext, background: boolean): SubAgentSpec | ToolFailure {
    const persona = this.#personas.get(name);
    const parent = this.#context?.agent;
    if (!persona || !parent)
      return toolFailure(
        `unknown agent "${name}". Available agents: ${[...this.#personas.keys()].join(', ')}`,
      );
    const unusable = this.#unusable.get(name);
    if (unusable !== undefined) return toolFailure(unusable);
    const index = `${this.#indexPrefix}${this.#next++}`;
    const id = `${persona.name} ${index}`;
    const childDepth = this.#depth + 1;
    const nested = this.#nests(persona, childDepth)
      ? new SubAgents([...this.#personas.values()], this.#options, this.background, childDepth, `${index}_`)
      : undefined;
    const params = { id, maxSteps: persona.maxSteps };
    // The turn's listener views (a background one outlives its turn: the agent's own); a tool context built by hand has none.
    const listeners =
      (background ? undefined : ctx.subAgentListeners?.(params)) ?? this.#context?.subAgentListeners(params);
    return { id, persona, parent, tools: this.#toolsOf.get(name) ?? [], nested, listeners };
  }
}

/**
 * Sub-agents as an extension: an `agent` tool (persona `name` + `task`) that
 * runs the task on a fresh agent of that persona and answers with its final
 * answer, an `<available_agents>` block in the system prompt, and a child per
 * persona in the agent's trifecta tree. Sub-agents do not inherit extensions:
 * only a persona that lists `agent` can start sub-agents of its own, down to
 * `depthLimit`.
 *
 * A persona naming a tool the agent does not have fails only itself: the
 * `agent` tool answers `Error: ...` when it is asked for, and the turn goes on.
 *
 * @throws PersonaError for an invalid persona, none at all, or two with one name.
 */
export function subAgents(options: SubAgentsOptions): SubAgentsExtension {
  const personas = (options.personas ?? []).map(definePersona);
  if (personas.length === 0) throw new PersonaError('subAgents needs at least one persona');
  const seen = new Set<string>();
  for (const p of personas) {
    if (seen.has(p.name)) throw new PersonaError(`two personas are named "${p.name}"`);
    seen.add(p.name);
  }
  const depthLimit = options.depthLimit ?? 2;
  if (!Number.isSafeInteger(depthLimit) || depthLimit < 1)
    throw new PersonaError(`depthLimit must be a positive integer, got ${String(depthLimit)}`);
  const maxBackground = options.maxBackground ?? DEFAULT_MAX_BACKGROUND_AGENTS;
  if (!Number.isSafeInteger(maxBackground) || maxBackground < 0)
    throw new PersonaError(`maxBackground must be a non-negative integer, got ${String(maxBackground)}`);
  return new SubAgents(
    personas,
    { depthLimit, channelEgress: options.channelEgress ?? 'unreviewed' },
    new BackgroundAgents(maxBackground),
    0,
    '',
  );
}

/** What the model reads when no more background sub-agents may start: which run, and what to do. */
function limitReached(table: BackgroundAgents): string {
  if (table.max === 0)
    return 'background sub-agents are turned off here (at most 0 at once); run this task without background';
  const running = table
    .list()
    .filter((a) => a.status.state === 'running')
    .map((a) => `${a.agentId} (${a.id})`);
  return (
    `the background sub-agent limit (${table.max} at once) is reached` +
    (running.length > 0 ? `: ${running.join(', ')} ${running.length === 1 ? 'is' : 'are'} running` : '') +
    `; wait for one's answer (it arrives as a <background-agent> message), or run this task without background`
  );
}
