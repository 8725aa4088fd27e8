// One agent's code-mode session: at most one program at a time, one control
// call at a time; `exec` and `wait` watch the program for a bounded time and
// answer with what is new since the last answer.
import { type AnyTool, type ToolContext, ToolError } from '@kodama/core';
import type { AgentView } from '@kodama/core/extensions';
import { taintSources } from '@kodama/core/taint';
import { Broker } from './broker.ts';
import type { CodeEngine, ProgramEnd, ProgramHandle } from './engine.ts';
import type { CodeModeLimits } from './limits.ts';

/** A program's status as `exec`, `wait` and `stop` report it. */
export type ProgramStatus = 'completed' | 'error' | 'terminated' | 'still_working';

/** What `exec`, `wait` and `stop` answer (as JSON text). */
export interface ProgramReport {
  readonly status: ProgramStatus;
  /** Output since the last report. */
  readonly output: string;
  /** The final value (`completed` only, when the program has one). */
  readonly value?: unknown;
  /** The error (`error`) or why it was stopped (`terminated`). */
  readonly error?: string;
  /** Tool calls the program made so far. */
  readonly toolCalls: number;
}

interface Running {
  readonly number: number;
  readonly handle: ProgramHandle;
  readonly broker: Broker;
  output: string;
  reported: number;
  end: ProgramEnd | undefined;
}

/** What a session needs of its agent and configuration. */
export interface SessionOptions {
  readonly engine: CodeEngine;
  readonly limits: CodeModeLimits;
  readonly catalog: () => ReadonlyMap<string, AnyTool>;
  readonly ids: () => ReadonlyMap<string, string>;
  readonly agent: () => AgentView;
}

/** The session behind the control tools. */
export class CodeModeSession {
  readonly #o: SessionOptions;
  #current: Running | undefined;
  #busy = false;
  #programs = 0;

  constructor(options: SessionOptions) {
    this.#o = options;
  }

  /** Starts `source` and watches it. @throws ToolError on a refused start. */
  exec(source: string, context: ToolContext): Promise<ProgramReport> {
    return this.#exclusive(async () => {
      const { limits } = this.#o;
      if (this.#current && this.#current.end === undefined)
        throw new ToolError('a program is still running: call wait to watch it or stop to end it');
      if (source.length > limits.sourceChars)
        throw new ToolError(`the program is ${source.length} characters; the limit is ${limits.sourceChars}`);
      if (this.#programs >= limits.programs)
        throw new ToolError(`this session has run its ${limits.programs} programs; no more may start`);
      const number = ++this.#programs;
      const agent = this.#o.agent();
      const catalog = this.#o.catalog();
      const legsOf = (name: string) =>
        catalog.get(name)?.trifectaLegs ?? agent.tools.find((t) => t.name === name)?.trifectaLegs;
      const privateData = [...catalog.values(), ...agent.tools].some((t) => t.trifectaLegs.privateData);
      // The program starts running inside engine.start, so a stop can come before the handle does.
      let early: string | undefined;
      let stopProgram: (reason: string) => void = (reason) => {
        early ??= reason;
      };
      const broker = new Broker({
        catalog,
        agent,
        context,
        limits,
        program: number,
        conversationTaint: taintSources(agent.exportHistory().messages, legsOf),
        privateData,
        stop: (reason) => stopProgram(reason),
      });
      const running: Running = {
        number,
        broker,
        output: '',
        reported: 0,
        end: undefined,
        handle: undefined as never,
      };
      const host = {
        call: (name: string, args: unknown) => broker.call(name, args),
        text: (chunk: string) => {
          if (running.output.length + chunk.length > limits.outputChars)
            throw new Error(`output limit reached (${limits.outputChars} characters)`);
          running.output += chunk;
        },
      };
      const handle = await this.#o.engine.start({ source, catalog: this.#o.ids(), host, limits });
      (running as { handle: ProgramHandle }).handle = handle;
      stopProgram = (reason) => handle.terminate(reason);
      if (early !== undefined) handle.terminate(early);
      void handle.done.then((end) => {
        running.end = overLimit(end, running.output.length, limits.outputChars);
      });
      this.#current = running;
      return this.#observe(running, context.signal);
    });
  }

  /** Watches the running program again; reports only new output. @throws ToolError when none runs. */
  wait(context: ToolContext): Promise<ProgramReport> {
    return this.#exclusive(async () => {
      const running = this.#unreported();
      return this.#observe(running, context.signal);
    });
  }

  /** Stops the running program. @throws ToolError when none runs. */
  stop(): Promise<ProgramReport> {
    return this.#exclusive(async () => {
      const running = this.#unreported();
      running.handle.terminate('stopped by the model');
      running.end = await running.handle.done;
      return this.#report(running);
    });
  }

  /** Ends whatever runs (the agent closing, the conversation cleared). */
  close(reason: string): void {
    this.#current?.handle.terminate(reason);
    this.#current = undefined;
  }

  #unreported(): Running {
    const running = this.#current;
    if (!running || (running.end !== undefined && running.reported < 0))
      throw new ToolError('no program is running: start one with exec');
    return running;
  }

  async #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#busy) throw new ToolError('another code-mode control call is running: make one call at a time');
    this.#busy = true;
    try {
      return await fn();
    } finally {
      this.#busy = false;
    }
  }

  async #observe(running: Running, signal: AbortSignal): Promise<ProgramReport> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const watched = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.#o.limits.observeMs);
      onAbort = () => {
        running.handle.terminate('the turn was cancelled');
        resolve();
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const end = await Promise.race([running.handle.done, watched]);
      if (end) running.end = overLimit(end, running.output.length, this.#o.limits.outputChars);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
    return this.#report(running);
  }

  #report(running: Running): ProgramReport {
    const output = running.output.slice(Math.max(0, running.reported));
    const toolCalls = running.broker.calls;
    const end = running.end;
    if (end === undefined) {
      running.reported = running.output.length;
      return { status: 'still_working', output, toolCalls };
    }
    running.reported = -1;
    if (end.status === 'completed')
      return end.value === undefined
        ? { status: 'completed', output, toolCalls }
        : { status: 'completed', output, value: end.value, toolCalls };
    return { status: end.status, output, error: end.status === 'error' ? end.error : end.reason, toolCalls };
  }
}

/** A completed end whose final value would take the output past the limit becomes a termination. */
function overLimit(end: ProgramEnd, used: number, limit: number): ProgramEnd {
  if (end.status !== 'completed' || end.value === undefined) return end;
  if (used + JSON.stringify(end.value).length <= limit) return end;
  return { status: 'terminated', reason: `output limit reached (${limit} characters, with the final value)` };
}
