// The turns of `kodama ask` and `kodama -p`: one, from the prompt (printed by
// `--output-format`), or, with `--input-format stream-json`, as many as stdin
// sends. Both commands build their agent and options; this runs them.
import type { Agent, AskOptions, Content, Run } from '@kodama/core';
import type { CliIO } from '../cli-io.ts';
import type { HeadlessChoice } from '../parse-support.ts';
import { headlessOutput } from './headless-output.ts';
import { streamJsonConversation } from './input-stream.ts';

/** What a one-shot command runs its turns with. */
export interface OneShotSetup extends HeadlessChoice {
  readonly agent: Agent;
  readonly io: CliIO;
  /** The prompt (argument and piped stdin); with stream-json input the optional first turn. */
  readonly prompt: string | undefined;
  /** The untrusted sources the prompt carries (`OneShotPrompt.untrusted`). */
  readonly untrusted?: readonly string[];
  /** The Run's options (signal, session, deadline, output, observers). */
  readonly options: AskOptions;
  readonly sessionId: string | undefined;
  /** The root the tools work in (the `start` line names it). */
  readonly root: string;
  /** Made of the first prompt before it is sent (the permission mode's note). */
  readonly firstPrompt?: (prompt: string) => Content;
  /** The exit status of a finished turn; says on stderr why it did not complete. */
  readonly statusOf: (run: Run) => number;
}

/** Runs the command's turn (or turns), writing the `--output-format` lines; resolves to the exit status. */
export async function oneShotRun(setup: OneShotSetup): Promise<number> {
  const { agent, io, options } = setup;
  const output = headlessOutput(setup.outputFormat, io.stdout);
  const observers = [...(options.observers ?? []), ...(output ? [output.observer] : [])];
  const withObservers: AskOptions = { ...options, ...(observers.length > 0 ? { observers } : {}) };
  let first = setup.firstPrompt;
  const made = (prompt: string): Content => {
    const content = first ? first(prompt) : prompt;
    first = undefined;
    return content;
  };
  const model = agent.model;
  output?.start({
    sessionId: setup.sessionId,
    model: `${model.provider}:${model.modelId}`,
    root: setup.root,
  });
  if (setup.inputFormat === 'stream-json' && output) {
    return streamJsonConversation({
      stdin: io.stdin,
      output,
      turn: (prompt) => agent.stream(made(prompt), withObservers),
      statusOf: setup.statusOf,
      sessionId: setup.sessionId,
      signal: options.signal ?? new AbortController().signal,
      ...(setup.prompt !== undefined ? { first: setup.prompt } : {}),
    });
  }
  const untrusted = setup.untrusted && setup.untrusted.length > 0 ? { untrusted: setup.untrusted } : {};
  const run = await agent.ask(made(setup.prompt ?? ''), { ...withObservers, ...untrusted });
  const status = setup.statusOf(run);
  output?.finish(run, setup.sessionId, status);
  return status;
}
