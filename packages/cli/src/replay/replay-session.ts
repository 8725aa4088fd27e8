import type { Model, Usage } from '@kodama/core';
import { costOf, type ModelPrice, type ToolSpec } from '@kodama/core/model';
import { collectAnswer } from './collect-answer.ts';
import { type Divergence, divergence, stepLine } from './compare-step.ts';
import type { RecordedStep } from './recording.ts';
import { type ScriptAnswer, scriptAnswerOf } from './script-answer.ts';

/** What a replay needs: the recorded steps and what to ask them of. */
export interface ReplayInput {
  readonly steps: readonly RecordedStep[];
  readonly model: Model;
  readonly system: string;
  readonly tools: readonly ToolSpec[];
  /** The price of the recorded model, for the recorded side's cost; undefined: unknown. */
  readonly recordedPrice: ModelPrice | undefined;
  readonly signal: AbortSignal;
}

/** Tokens and cost of one side of a step or turn; undefined where not reported or not priced. */
export interface Spend {
  readonly inputTokens: number | undefined;
  readonly outputTokens: number | undefined;
  /** US dollars. */
  readonly cost: number | undefined;
}

/** One step, recorded beside replayed. */
export interface StepReport {
  readonly turn: number;
  readonly step: number;
  /** The recorded step in a line: its calls (`bash {"command":"ls"}`) or its answer. */
  readonly recorded: string;
  readonly replayed: string;
  readonly recordedSpend: Spend;
  readonly replayedSpend: Spend;
  /** Set on the step where the replay stopped. */
  readonly divergence?: Divergence;
}

/** What a replay found. */
export interface ReplayResult {
  /** The replayed steps, in order; the last one diverged when `divergence` is set. */
  readonly steps: readonly StepReport[];
  /** The first step that differs, or undefined. */
  readonly divergence?: Divergence & { readonly turn: number; readonly step: number };
  /** The model failed at the step after the last one replayed (a ModelError, an exhausted script). */
  readonly error?: { readonly turn: number; readonly step: number; readonly message: string };
  /** Recorded steps never asked (after a divergence or a failure). */
  readonly notReplayed: number;
  /** The replayed answers, one per step asked: the testkit script `--save` writes. */
  readonly answers: readonly ScriptAnswer[];
}

/**
 * Replays `steps` one at a time: each is asked of the model with the recorded
 * conversation before it (the recorded tool results are the answers to the
 * recorded calls, so no tool runs, ever), and its answer compared with the
 * recorded one. Stops at the first difference: a replayed call that is not
 * the recorded one is reported, never answered and never run.
 */
export async function replaySession(input: ReplayInput): Promise<ReplayResult> {
  const reports: StepReport[] = [];
  const answers: ScriptAnswer[] = [];
  const price = input.model.capabilities?.prices;
  for (const [i, recorded] of input.steps.entries()) {
    const notReplayed = input.steps.length - i - 1;
    let collected: Awaited<ReturnType<typeof collectAnswer>>;
    try {
      collected = await collectAnswer(
        input.model,
        {
          system: input.system,
          messages: recorded.conversation,
          ...(input.tools.length > 0 ? { tools: input.tools } : {}),
        },
        input.signal,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        steps: reports,
        error: { turn: recorded.turn, step: recorded.step, message },
        notReplayed: notReplayed + 1,
        answers,
      };
    }
    answers.push(scriptAnswerOf(collected.answer, collected.usage));
    const found = divergence(recorded.answer, collected.answer);
    reports.push({
      turn: recorded.turn,
      step: recorded.step,
      recorded: stepLine(recorded.answer),
      replayed: stepLine(collected.answer),
      recordedSpend: spend(recorded.usage, input.recordedPrice),
      replayedSpend: spend(collected.usage, price),
      ...(found ? { divergence: found } : {}),
    });
    if (found)
      return {
        steps: reports,
        divergence: { ...found, turn: recorded.turn, step: recorded.step },
        notReplayed,
        answers,
      };
  }
  return { steps: reports, notReplayed: 0, answers };
}

function spend(usage: Usage | undefined, price: ModelPrice | undefined): Spend {
  return {
    inputTokens: usage?.inputTokens,
    outputTokens: usage?.outputTokens,
    cost: usage === undefined ? undefined : costOf(usage, price),
  };
}

/** The sum of spends; a field is undefined when any part lacks it (never a partial sum shown as whole). */
export function addSpend(parts: readonly Spend[]): Spend {
  const sum = (key: keyof Spend) =>
    parts.reduce<number | undefined>(
      (total, s) => (total === undefined || s[key] === undefined ? undefined : total + s[key]),
      0,
    );
  return { inputTokens: sum('inputTokens'), outputTokens: sum('outputTokens'), cost: sum('cost') };
}
