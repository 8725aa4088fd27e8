import { resolve } from 'node:path';
import {
  Agent,
  InvalidOptionError,
  type JsonSchema,
  type Listener,
  ModelError,
  type Run,
  type SessionStore,
  StepLimit,
  Terminal,
  UnknownToolError,
} from '@kodama/core';
import { discoverDefaultModel, resolveModel } from '@kodama/models';
import { type AskArgs, UsageError } from './args.ts';
import { loadConfig } from './config.ts';
import { EXIT } from './exit-status.ts';
import { JsonLines } from './json-lines.ts';
import { NO_MODEL_MESSAGE } from './no-model.ts';
import { readOutputSchema } from './output-schema-file.ts';
import { openSessionStore } from './session-store.ts';
import { planSkillsAndTasks } from './skills-setup.ts';
import { buildTools } from './tool-registry.ts';

/** The process streams and environment the command runs with (injected so tests can drive it). */
export interface CliIO {
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Where SIGINT is heard; default `process`. */
  readonly signals?: Pick<NodeJS.Process, 'on' | 'off'>;
}

/** Tool-call budget of one `kodama ask` turn unless `--max-steps` says otherwise. */
export const DEFAULT_MAX_STEPS = 25;

const SYSTEM_PROMPT = `You are kodama, a careful assistant working in a terminal.
Use the tools you are given when they help; never guess a number you can compute.
Answer concisely.`;

/** `kodama ask`: one agent turn, streamed. Resolves to the exit status. */
export async function ask(args: AskArgs, io: CliIO): Promise<number> {
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  let output: JsonSchema | undefined;
  try {
    output = args.outputSchema === undefined ? undefined : await readOutputSchema(args.outputSchema);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say(error.message);
    return EXIT.usage;
  }
  const target =
    args.model ?? (io.env.KODAMA_MODEL?.trim() || (await discoverDefaultModel({ env: io.env }))?.target);
  if (!target) {
    io.stderr.write(NO_MODEL_MESSAGE);
    return 2;
  }

  let model: Awaited<ReturnType<typeof resolveModel>>;
  try {
    model = await resolveModel(target, { env: io.env });
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    return 2;
  }

  const closers: Array<() => void | Promise<void>> = [];
  const root = resolve(args.root ?? process.cwd());
  let tools: Awaited<ReturnType<typeof buildTools>>;
  let extras: Awaited<ReturnType<typeof planSkillsAndTasks>>;
  try {
    extras = await planSkillsAndTasks(args, root, io);
    tools = await buildTools(extras.toolNames, {
      config: await loadConfig(io.env),
      root,
      readableRoots: extras.readableRoots,
      yes: args.yes,
      sandbox: args.sandbox ?? 'none',
      stdin: io.stdin,
      stderr: io.stderr,
      onClose: (handler) => closers.push(handler),
    });
  } catch (error) {
    for (const close of closers.reverse()) await close();
    say(error instanceof Error ? error.message : String(error));
    return UnknownToolError.isInstance(error) || error instanceof UsageError ? 2 : 1;
  }

  // With an output schema, stdout carries only the validated JSON a script reads;
  // the answer as it streams goes to stderr with everything else.
  const listener: Listener = args.json
    ? new JsonLines(io.stdout)
    : new Terminal({ stdout: output ? io.stderr : io.stdout, stderr: io.stderr });
  const agent = new Agent({
    model,
    systemPrompt: SYSTEM_PROMPT,
    stepLimit: new StepLimit(args.maxSteps ?? DEFAULT_MAX_STEPS, 'synthesize'),
    streaming: true,
    configure: (c) => {
      for (const tool of tools) c.addTool(tool);
      for (const extension of extras.extensions) c.addExtension(extension);
      c.addListener(listener);
      for (const close of closers) c.onClose(close);
    },
  });

  const signals = io.signals ?? process;
  const interrupt = new AbortController();
  const onInterrupt = () => interrupt.abort();
  signals.on('SIGINT', onInterrupt);
  let store: SessionStore | undefined;
  try {
    const deadline = args.deadlineMs === undefined ? {} : { deadline: args.deadlineMs };
    let session: { id: string; store: SessionStore } | undefined;
    if (args.session !== undefined || args.continue) {
      store = await openSessionStore(args.store, io.env);
      const id = args.session ?? (await store.list())[0]?.id;
      if (id === undefined) {
        say('no session to continue; start one with --session <id>');
        return EXIT.usage;
      }
      session = { id, store };
    }
    const run = await agent.ask(args.prompt, {
      signal: interrupt.signal,
      ...deadline,
      ...(session ? { session } : {}),
      ...(output ? { output } : {}),
    });
    if (run.completed && output) printOutput(run.output, args.json, io.stdout);
    return exitFor(run, say);
  } catch (error) {
    // Before a Run exists: a bad session id, a store that cannot open.
    say(error instanceof Error ? error.message : String(error));
    return InvalidOptionError.isInstance(error) ? EXIT.usage : EXIT.failed;
  } finally {
    signals.off('SIGINT', onInterrupt);
    await agent.close();
    await store?.close();
  }
}

/** The validated answer on stdout: pretty JSON, or one `output` line after the events with `--json`. */
function printOutput(output: unknown, json: boolean, stdout: NodeJS.WritableStream): void {
  stdout.write(
    json ? `${JSON.stringify({ type: 'output', output })}\n` : `${JSON.stringify(output, null, 2)}\n`,
  );
}

/** The exit status of a finished Run, saying on stderr why when it did not complete. */
function exitFor(run: Run, say: (message: string) => void): number {
  switch (run.outcome) {
    case 'completed':
      return EXIT.ok;
    case 'partial':
      say('deadline reached; the answer above is what was complete by then');
      return EXIT.partial;
    case 'cancelled':
      say('cancelled');
      return EXIT.cancelled;
    default:
      // With --json the turn-end event already carries the error; stderr says it for people.
      say(describeFailure(run.error));
      return EXIT.failed;
  }
}

function describeFailure(error: unknown): string {
  if (ModelError.isInstance(error)) return `model call failed: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
