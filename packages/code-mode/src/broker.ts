// Every call a program makes passes here, and from here through the same
// steps a direct call of the model meets: the budget tick, the loop guard,
// the taint gate, validation and the tool as the agent holds it (wrapped by
// whatever permission gate the host put around it), events.
import type { AnyTool, ToolContext, TrifectaLegs } from '@kodama/core';
import type { AgentView } from '@kodama/core/extensions';
import { taintRefusal } from '@kodama/core/taint';
import { executeToolCall, repeatWarning, ToolLoopGuard } from '@kodama/core/tool';
import { PROGRAM_TOOL_CALL, PROGRAM_TOOL_RESULT } from './events.ts';
import type { CodeModeLimits } from './limits.ts';
import { programCallLegs } from './program-legs.ts';
import { isPlainObject, resultValue } from './values.ts';

/** What a broker serves one program with. */
export interface BrokerOptions {
  /** The catalog, by tool name. */
  readonly catalog: ReadonlyMap<string, AnyTool>;
  readonly agent: AgentView;
  /** The `exec` call's context: its signal, ids and `emit`. */
  readonly context: ToolContext;
  readonly limits: CodeModeLimits;
  /** The program's number in the session. */
  readonly program: number;
  /** Tools whose untrusted content was in the conversation when the program started. */
  readonly conversationTaint: readonly string[];
  /** Whether the agent reaches private data (the catalog's or the model's tools). */
  readonly privateData: boolean;
  /** Ends the program: a budget trip or a loop stops it, as it would end a turn. */
  readonly stop: (reason: string) => void;
  readonly maxResultTokens?: number;
}

/** The broker of one program. */
export class Broker {
  readonly #o: BrokerOptions;
  readonly #loop = new ToolLoopGuard();
  /** Tools with an untrusted leg this program has called, first first. */
  readonly #taint = new Set<string>();
  #calls = 0;
  #inFlight = 0;
  readonly #queue: (() => void)[] = [];

  constructor(options: BrokerOptions) {
    this.#o = options;
  }

  /** Calls made so far. */
  get calls(): number {
    return this.#calls;
  }

  /** The taint the program has picked up (tool names). */
  get taint(): readonly string[] {
    return [...this.#taint];
  }

  /**
   * Runs one call for the program; resolves with its value, rejects with the
   * error the guest throws.
   */
  async call(name: string, args: unknown): Promise<unknown> {
    const o = this.#o;
    const tool = o.catalog.get(name);
    if (!tool) throw new Error(`Tool is not available in code mode: ${name}`);
    if (!isPlainObject(args)) throw new TypeError(`tools.${name}: arguments must be an object`);
    if (++this.#calls > o.limits.toolCalls) {
      o.stop(`tool call limit reached (${o.limits.toolCalls} calls)`);
      throw new Error(`tool call limit reached (${o.limits.toolCalls} calls)`);
    }
    const index = this.#calls;
    const json = JSON.stringify(args);
    // A free slot is taken at once: no extra turn of the event loop per call.
    if (this.#inFlight < o.limits.concurrency) this.#inFlight++;
    else await new Promise<void>((resolve) => this.#queue.push(resolve));
    try {
      const event = { program: o.program, index, name };
      o.context.emit(PROGRAM_TOOL_CALL, { ...event, arguments: json });
      const legs = tool.legsOf === undefined ? tool.trifectaLegs : await programCallLegs(tool, args);
      const refused = this.#refusal(tool, json, args, legs);
      const reason = refused === undefined ? undefined : await refused;
      if (reason !== undefined) {
        o.context.emit(PROGRAM_TOOL_RESULT, { ...event, status: 'refused' });
        throw new Error(reason);
      }
      const id = `${o.context.toolCallId}.${o.program}.${index}`;
      const context: ToolContext = {
        ...o.context,
        toolCallId: id,
        idempotencyKey: `${o.context.idempotencyKey}.${o.program}.${index}`,
      };
      const options = o.maxResultTokens === undefined ? {} : { maxResultTokens: o.maxResultTokens };
      const outcome = await executeToolCall(
        tool,
        { id, name, arguments: json, input: args },
        context,
        options,
      );
      // Counted as soon as the tool ran: what it returned is in the program now, whatever happens to it.
      if (legs.untrusted !== 'none') this.#taint.add(name);
      // A relayed value (an artifact read back) keeps the taint of the tool it first came from.
      for (const source of await relayedTaint(tool, args)) this.#taint.add(source);
      o.context.emit(PROGRAM_TOOL_RESULT, { ...event, status: outcome.kind === 'ok' ? 'ok' : 'error' });
      if (outcome.kind !== 'ok') throw new Error(String(outcome.result).replace(/^Error: /, ''));
      return resultValue(outcome.result);
    } finally {
      this.#release();
    }
  }

  /** Why the call may not run (the budget, the loop guard, the taint gate), or `undefined`. */
  #refusal(
    tool: AnyTool,
    json: string,
    args: unknown,
    legs: TrifectaLegs,
  ): Promise<string | undefined> | string | undefined {
    const o = this.#o;
    try {
      o.agent.stepLimit?.tick();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      o.stop(reason);
      return reason;
    }
    const [{ verdict, streak }] = this.#loop.observeBatch([{ name: tool.name, arguments: json }]) as [
      { verdict: string; streak: number },
    ];
    if (verdict === 'warn') return repeatWarning(tool.name, streak);
    if (verdict === 'stop') {
      const reason = `the program called ${tool.name} with the same arguments ${streak} times in a row`;
      o.stop(reason);
      return reason;
    }
    if (legs.egress === 'none' || !o.privateData) return undefined;
    const sources = [...new Set([...o.conversationTaint, ...this.#taint])];
    if (sources.length === 0) return undefined;
    return this.#askGate(tool, json, args, sources);
  }

  /** The taint gate's verdict on an egress call once untrusted content is in: `undefined` when it may run. */
  async #askGate(tool: AnyTool, json: string, args: unknown, sources: string[]): Promise<string | undefined> {
    const o = this.#o;
    const validation = tool.parameters.validate(args);
    const effects = tool.effects && validation.ok ? safeEffects(tool, validation.value) : [];
    const call = {
      agentId: o.agent.id,
      toolName: tool.name,
      arguments: json,
      sources,
      ...(tool.effects ? { effects } : {}),
    };
    const gate = o.agent.taintGate;
    const answer = gate ? await gate(call, o.context.signal) : 'unattended';
    if (answer === true) return undefined;
    return taintRefusal(tool.name, sources, answer, 'program');
  }

  #release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#inFlight--;
  }
}

function safeEffects(tool: AnyTool, args: unknown) {
  try {
    return tool.effects?.of(args as never) ?? [];
  } catch {
    return [];
  }
}

/** What a call hands back that entered through another tool (`Tool.relayedTaint`); a failure counts as none. */
async function relayedTaint(tool: AnyTool, args: unknown): Promise<readonly string[]> {
  if (!tool.relayedTaint) return [];
  try {
    const valid = tool.parameters.validate(args);
    return (valid.ok ? await tool.relayedTaint(valid.value) : undefined) ?? [];
  } catch {
    return [];
  }
}
