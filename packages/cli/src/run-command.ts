import type { AskOptions, RunEvent, Runnable } from '@kodama/core';
import { stripControlSequences } from '@kodama/core/listeners';
import type { CliIO } from './cli-io.ts';
import { exitFor } from './exit-for.ts';
import { EXIT } from './exit-status.ts';
import { terminalSafeJson } from './json-lines.ts';
import { closeRunnable, loadRunnable, ModuleLoadError } from './load-runnable.ts';
import { type CliTracing, cliTracing, telemetryFrom } from './otel-setup.ts';
import type { RunArgs } from './run-args.ts';
import { RunRenderer } from './run-render.ts';
import { stopSignals } from './stop-signals.ts';

/**
 * `kodama run <file> <prompt>`: asks the agent or assembly a module exports
 * and streams its Run: text (the answer on stdout, the steps on stderr) or
 * every event as a JSON line. Ctrl+C and SIGTERM cancel it; `--deadline`
 * ends it partial. Resolves to the exit status of the Run's outcome.
 */
export async function run(args: RunArgs, io: CliIO): Promise<number> {
  // What is said can quote a module's or a model's words.
  const say = (message: string) => io.stderr.write(`kodama: ${stripControlSequences(message)}\n`);
  let runnable: Runnable;
  try {
    runnable = await loadRunnable(args.file, process.cwd());
  } catch (error) {
    if (!(error instanceof ModuleLoadError)) throw error;
    say(error.message);
    return error.usage ? EXIT.usage : EXIT.failed;
  }

  const stop = stopSignals(io);
  let tracing: CliTracing | undefined;
  try {
    tracing = await cliTracing(telemetryFrom(io.env));
    const render = args.json ? undefined : new RunRenderer({ stdout: io.stdout, stderr: io.stderr });
    const show = render
      ? (event: RunEvent) => render.onEvent(event)
      : (event: RunEvent) => io.stdout.write(`${terminalSafeJson(event)}\n`);
    const options: AskOptions = {
      signal: stop.signal,
      // Nested participants' events: all of them for a script reading JSON, on request for people.
      includeAgentEvents: args.json || args.verbose,
      ...(args.deadlineMs === undefined ? {} : { deadline: args.deadlineMs }),
      ...(tracing ? { observers: [tracing.observer] } : {}),
    };
    const stream = runnable.stream(args.prompt, options);
    for await (const event of stream) show(event);
    const finished = await stream.run;
    // A failed Run has no answer; any other ends with its response on stdout (at a deadline it can be
    // an earlier participant's, which never streamed publicly).
    render?.end(finished.failed ? '' : finished.response);
    return exitFor(
      finished,
      say,
      'deadline reached; the last answer above is what was complete by then',
      stop,
    );
  } catch (error) {
    // Options the runnable refused before a Run existed.
    say(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    return EXIT.failed;
  } finally {
    stop.dispose();
    await closeRunnable(runnable, say);
    await tracing?.shutdown();
  }
}

/** The exit status of a finished Run, saying on stderr why when it did not complete. */
