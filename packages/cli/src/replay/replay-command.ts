import { readFile, writeFile } from 'node:fs/promises';
import { InvalidOptionError, type Model } from '@kodama/core';
import { stripControlSequences } from '@kodama/core/listeners';
import type { ModelPrice } from '@kodama/core/model';
import { SessionStoreError, type StoredSession } from '@kodama/core/session';
import { ASK_SYSTEM_PROMPT } from '../ask-system-prompt.ts';
import type { CliIO } from '../cli-io.ts';
import { EXIT } from '../exit-status.ts';
import { UsageError } from '../parse-support.ts';
import type { ReplayArgs } from '../replay-args.ts';
import { openSessionStore } from '../session-store.ts';
import { stopSignals } from '../stop-signals.ts';
import { calledTools, type RecordedStep, recordedSteps } from './recording.ts';
import { jsonReport, textReport } from './replay-report.ts';
import { replaySession } from './replay-session.ts';
import { readScript, scriptAnswerOf } from './script-answer.ts';
import { ScriptModel } from './script-model.ts';
import { offeredToolSpecs } from './tool-specs.ts';

/**
 * `kodama replay <session>`: asks every recorded model step again, tool
 * results frozen, and reports the first that differs. Exit 0 identical, 1
 * diverged or the model failed, 2 a usage error (an unknown or unreadable
 * session, a bad file, no model); the session is only read.
 */
export async function replay(args: ReplayArgs, io: CliIO): Promise<number> {
  // A problem can quote a session file's or a server's bytes.
  const say = (message: string) => io.stderr.write(`kodama: ${stripControlSequences(message)}\n`);
  let stored: StoredSession;
  let system: string;
  try {
    stored = await loadSession(args, io);
    system = args.promptFile === undefined ? ASK_SYSTEM_PROMPT : await readPrompt(args.promptFile);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say(error.message);
    return EXIT.usage;
  }
  const steps = recordedSteps(stored.messages);
  if (steps.length === 0) {
    say(`session "${args.session}" has no model answers to replay`);
    return EXIT.usage;
  }
  const recordedModel = stored.info.model;
  const { price, identity } = await recordedIdentity(recordedModel);
  let model: Model;
  try {
    const picked = await pickReplayModel(args, io, steps, identity, price);
    if (!picked) return EXIT.usage;
    model = picked;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say(error.message);
    return EXIT.usage;
  }
  const names = args.tools ?? calledTools(steps);
  const tools = await offeredToolSpecs(names, args.model !== undefined, io);
  const stop = stopSignals(io);
  try {
    const result = await replaySession({
      steps,
      model,
      system,
      tools,
      recordedPrice: price,
      signal: stop.signal,
    });
    const sides = {
      session: args.session,
      recordedModel,
      model: `${model.provider}:${model.modelId}`,
      recordedSteps: steps.length,
    };
    io.stdout.write(args.json ? jsonReport(result, sides) : textReport(result, sides));
    if (args.save !== undefined) {
      try {
        await writeFile(args.save, `${JSON.stringify(result.answers, null, 2)}\n`);
      } catch (error) {
        say(`--save ${args.save}: ${error instanceof Error ? error.message : String(error)}`);
        return EXIT.usage;
      }
    }
    if (stop.outputClosed) return EXIT.outputClosed;
    if (stop.signal.aborted) return stop.terminated ? EXIT.terminated : EXIT.cancelled;
    return result.divergence || result.error ? EXIT.failed : EXIT.ok;
  } finally {
    stop.dispose();
  }
}

/** The stored session, read only. @throws UsageError when it is not there or cannot be read. */
async function loadSession(args: ReplayArgs, io: CliIO): Promise<StoredSession> {
  let store: Awaited<ReturnType<typeof openSessionStore>>;
  try {
    store = await openSessionStore(args.store, io.env);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), 'replay');
  }
  try {
    const stored = await store.load(args.session);
    if (!stored)
      throw new UsageError(
        `no session "${args.session}"; kodama sessions list shows the ones there are`,
        'replay',
      );
    return stored;
  } catch (error) {
    // A damaged or foreign file is reported and left as it is: a replay never writes to the store.
    if (SessionStoreError.isInstance(error) || InvalidOptionError.isInstance(error))
      throw new UsageError(`cannot replay session "${args.session}": ${error.message}`, 'replay');
    throw error;
  } finally {
    await store.close();
  }
}

async function readPrompt(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `--prompt-file ${path}: ${error instanceof Error ? error.message : String(error)}`,
      'replay',
    );
  }
}

/** The recorded model's price (for the recorded side's cost) and who a script answering for it says it is. */
async function recordedIdentity(target: string | undefined) {
  const cut = target?.indexOf(':') ?? -1;
  const provider = cut > 0 ? target!.slice(0, cut) : 'recording';
  const modelId = cut > 0 ? target!.slice(cut + 1) : (target ?? 'unknown');
  const { findModelPrice } = await import('@kodama/models');
  const price: ModelPrice | undefined = cut > 0 ? findModelPrice(provider, modelId) : undefined;
  return { price, identity: { provider, modelId } };
}

/**
 * What answers: `--model` through its real provider; `--script` or, by
 * default, the recorded answers, played in-process under the recorded
 * model's name and price (so an identical replay costs what the recording did).
 */
async function pickReplayModel(
  args: ReplayArgs,
  io: CliIO,
  steps: readonly RecordedStep[],
  identity: { provider: string; modelId: string },
  price: ModelPrice | undefined,
): Promise<Model | undefined> {
  if (args.model !== undefined) return (await import('../pick-model.ts')).pickModel(args.model, io);
  const answers =
    args.script === undefined
      ? steps.map((s) => scriptAnswerOf(s.answer, s.usage))
      : await readScript(args.script);
  return new ScriptModel(answers, { ...identity, ...(price ? { capabilities: { prices: price } } : {}) });
}
