import { type Agent, InvalidOptionError, type Listener, Terminal } from '@kodama/core';
import { stripControlSequences } from '@kodama/core/listeners';
import type { JsonSchema } from '@kodama/core/model';
import type { SessionStore } from '@kodama/core/session';
import type { AskArgs } from './ask-args.ts';
import { type AssistantOptions, AssistantSetupError, buildAssistant } from './assistant-setup.ts';
import type { CliIO } from './cli-io.ts';
import { configPath } from './config.ts';
import { controlFileGuard } from './control-file-guard.ts';
import { exitFor } from './exit-for.ts';
import { EXIT } from './exit-status.ts';
import { oneShotRun } from './headless/one-shot-run.ts';
import { oneShotPrompt } from './headless/piped-input.ts';
import { JsonLines, terminalSafeJson } from './json-lines.ts';
import { type CliTracing, cliTracing } from './otel-setup.ts';
import { readOutputSchema } from './output-schema-file.ts';
import { UsageError } from './parse-support.ts';
import { pickModel } from './pick-model.ts';
import { oneShotPlan, planOutput } from './print-plan-setup.ts';
import { type AgentSpec, resolveAgentSpec } from './resolve-spec.ts';
import { eventsDir, latestSession, openSessionStore } from './session-store.ts';
import { stopSignals } from './stop-signals.ts';

/** `kodama ask`: one agent turn, streamed. Resolves to the exit status. */
export async function ask(args: AskArgs, io: CliIO): Promise<number> {
  // What is said can carry a server's or a file's words (an error body, a session file's problem).
  const say = (message: string) => io.stderr.write(`kodama: ${stripControlSequences(message)}\n`);
  let output: JsonSchema | undefined;
  let asked: string;
  let untrusted: readonly string[] = [];
  try {
    output = args.outputSchema === undefined ? undefined : await readOutputSchema(args.outputSchema);
    // Piped stdin: the prompt, or context attached to the argument (with stream-json input: the turns).
    if (args.inputFormat === 'stream-json') asked = args.prompt;
    else ({ text: asked, untrusted } = await oneShotPrompt(args.prompt, io.stdin, 'ask'));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say(error.message);
    return EXIT.usage;
  }
  const model = await pickModel(args.model, io, { maxOutputTokens: args.maxTokens });
  if (!model) return EXIT.usage;

  // With an output schema, stdout carries only the validated JSON a script reads;
  // the answer as it streams goes to stderr with everything else.
  // --output-format json / stream-json: stdout carries only their lines (headless/).
  const listener: Listener | undefined =
    args.outputFormat !== 'text'
      ? undefined
      : args.json
        ? new JsonLines(io.stdout)
        : new Terminal({ stdout: output ? io.stderr : io.stdout, stderr: io.stderr });
  // The stored session (--session, --continue), opened before the agent: its hooks know whether it resumes.
  let store: SessionStore | undefined;
  let session: { id: string; store: SessionStore } | undefined;
  try {
    if (args.session !== undefined || args.continue) {
      const warn = (line: string) => io.stderr.write(line);
      store = await openSessionStore(args.store, io.env, warn);
      const id = args.session ?? (await latestSession(store, warn));
      if (id === undefined) {
        say('no session to continue; start one with --session <id>');
        await store.close();
        return EXIT.usage;
      }
      session = { id, store };
    }
  } catch (error) {
    // A store that cannot open.
    say(error instanceof Error ? error.message : String(error));
    await store?.close();
    return InvalidOptionError.isInstance(error) ? EXIT.usage : EXIT.failed;
  }
  let agent: Agent;
  let spec: AgentSpec;
  let note: string | undefined;
  let tracing: CliTracing | undefined;
  try {
    // The configuration files are read here, once; the agent is built from what was read.
    spec = await resolveAgentSpec(args, io, { memoryByConfig: true });
    // KODAMA_OTEL=1: chat spans also carry what only requests hold (the server, the output limit).
    tracing = await cliTracing(spec.telemetry);
    const traced = tracing
      ? tracing.model(model, { maxOutputTokens: args.maxTokens, serverUrl: serverUrlOf(args.model) })
      : model;
    const { wiring, rules } = await controlFileGuard(spec, io, args.permissionMode);
    // The mode is told to the model; plan mode brings present_plan (printed where the answer goes).
    const plan =
      rules &&
      (await oneShotPlan(
        await import('@kodama/assistant'),
        rules,
        io,
        planOutput(args, io, output !== undefined),
      ));
    note = plan?.note;
    // The user's hooks (ask reads no project configuration) around the tools (hooks/hooks-setup.ts).
    const hooked = await withAskHooks(spec, io, session, {
      model: traced,
      ...(listener ? { listener } : {}),
      maxSteps: args.maxSteps,
      extraTools: plan?.tools ?? [],
      ...wiring,
    });
    agent = await buildAssistant(spec, io, hooked);
  } catch (error) {
    await store?.close();
    await tracing?.shutdown();
    if (!(error instanceof AssistantSetupError)) throw error;
    say(error.message);
    return error.usage ? EXIT.usage : EXIT.failed;
  }

  const stop = stopSignals(io);
  try {
    const deadline = args.deadlineMs === undefined ? {} : { deadline: args.deadlineMs };
    const observers = [
      ...(tracing ? [tracing.observer] : []),
      // A stored session's Runs keep their events, for the inspector's timelines.
      ...(session ? [(await import('@kodama/inspector')).recordRunEvents(eventsDir(io.env))] : []),
    ];
    const withNote = note ? (await import('@kodama/assistant')).withNotes : undefined;
    return await oneShotRun({
      agent,
      io,
      outputFormat: args.outputFormat,
      inputFormat: args.inputFormat,
      prompt: asked === '' ? undefined : asked,
      untrusted,
      options: {
        signal: stop.signal,
        ...deadline,
        ...(session ? { session } : {}),
        ...(output ? { output } : {}),
        ...(observers.length > 0 ? { observers } : {}),
      },
      sessionId: session?.id,
      root: spec.root,
      ...(withNote && note ? { firstPrompt: (p: string) => withNote([note], p) } : {}),
      statusOf: (run) => {
        if (run.completed && output && args.outputFormat === 'text')
          printOutput(run.output, args.json, io.stdout);
        return exitFor(run, say, undefined, stop);
      },
    });
  } catch (error) {
    // Before a Run exists: a bad session id, a store that cannot open.
    say(error instanceof Error ? error.message : String(error));
    return InvalidOptionError.isInstance(error) ? EXIT.usage : EXIT.failed;
  } finally {
    stop.dispose();
    await agent.close();
    await tracing?.shutdown();
    await store?.close();
  }
}

/** `options` with the hooks of the user's configuration (`kodama ask` reads no project file). */
async function withAskHooks(
  spec: AgentSpec,
  io: CliIO,
  session: { id: string; store: SessionStore } | undefined,
  options: AssistantOptions,
): Promise<AssistantOptions> {
  if (spec.config.hooks === undefined) return options;
  const [{ withHooks }, { InMemorySessionStore }] = await Promise.all([
    import('./hooks/hooks-setup.ts'),
    import('@kodama/core/session'),
  ]);
  const id = session?.id ?? 'ask';
  return withHooks(options, {
    configFiles: [{ path: configPath(io.env), config: spec.config }],
    root: spec.root,
    env: io.env,
    sessionId: () => id,
    store: session?.store ?? new InMemorySessionStore(),
    notice: (text) => void io.stderr.write(`kodama: ${text}\n`),
  });
}

/** The validated answer on stdout: pretty JSON, or one `output` line after the events with `--json`. */
function printOutput(output: unknown, json: boolean, stdout: NodeJS.WritableStream): void {
  stdout.write(
    json ? `${terminalSafeJson({ type: 'output', output })}\n` : `${terminalSafeJson(output, 2)}\n`,
  );
}

/** The exit status of a finished Run, saying on stderr why when it did not complete. */

/** The server a `--model` target names by URL (`openai-compatible:http://host:port/v1@model`), for `server.address` on chat spans. */
function serverUrlOf(target: string | undefined): string | undefined {
  return target === undefined ? undefined : /https?:\/\/[^@\s]+/.exec(target)?.[0];
}
