import { stripControlSequences } from '@kodama/core/listeners';
import { terminalSafeJson } from '../json-lines.ts';
import { formatTable } from '../table.ts';
import { addSpend, type ReplayResult, type Spend, type StepReport } from './replay-session.ts';

/** Who answered on each side, for the report's heading. */
export interface ReplaySides {
  readonly session: string;
  /** `provider:modelId` of the recording, when stored. */
  readonly recordedModel: string | undefined;
  /** `provider:modelId` of the replay. */
  readonly model: string;
  /** Recorded steps in all. */
  readonly recordedSteps: number;
}

/** One turn of the report: its steps and their sums. */
interface TurnReport {
  readonly turn: number;
  readonly steps: readonly StepReport[];
  readonly recorded: Spend;
  readonly replayed: Spend;
}

function turnsOf(result: ReplayResult): TurnReport[] {
  const turns = new Map<number, StepReport[]>();
  for (const step of result.steps) turns.set(step.turn, [...(turns.get(step.turn) ?? []), step]);
  return [...turns].map(([turn, steps]) => ({
    turn,
    steps,
    recorded: addSpend(steps.map((s) => s.recordedSpend)),
    replayed: addSpend(steps.map((s) => s.replayedSpend)),
  }));
}

/** The one-line verdict: identical, diverged at turn N step M, or the model failed. */
export function verdictLine(result: ReplayResult, sides: ReplaySides): string {
  const d = result.divergence;
  if (d) return `diverged at turn ${d.turn} step ${d.step}: recorded ${d.recorded}, replayed ${d.replayed}`;
  const e = result.error;
  if (e) return `failed at turn ${e.turn} step ${e.step}: ${e.message}`;
  const turns = new Set(result.steps.map((s) => s.turn)).size;
  return `identical: ${sides.recordedSteps} step${sides.recordedSteps === 1 ? '' : 's'} in ${turns} turn${turns === 1 ? '' : 's'} replayed the same`;
}

/** The report for people: a heading, a table per turn (recorded beside replayed), the verdict. */
export function textReport(result: ReplayResult, sides: ReplaySides): string {
  // Recorded text is a session file's: its escape sequences must not act on the terminal.
  const safe = (text: string, max = 48) => clip(stripControlSequences(text).replace(/\s+/g, ' '), max);
  let out = `replay of session ${safe(sides.session)}: recorded ${safe(sides.recordedModel ?? 'unknown model')}, replayed with ${safe(sides.model)}\n`;
  for (const turn of turnsOf(result)) {
    const rows = turn.steps.map((s) => [
      String(s.step),
      safe(s.recorded),
      safe(s.replayed),
      `${tokens(s.recordedSpend)} | ${tokens(s.replayedSpend)}`,
      `${cost(s.recordedSpend)} | ${cost(s.replayedSpend)}`,
      s.divergence ? `differs (${s.divergence.kind})` : 'same',
    ]);
    rows.push([
      'total',
      '',
      '',
      `${tokens(turn.recorded)} | ${tokens(turn.replayed)}`,
      `${cost(turn.recorded)} | ${cost(turn.replayed)}`,
      '',
    ]);
    out += `\nturn ${turn.turn}\n`;
    out += formatTable(
      ['STEP', 'RECORDED', 'REPLAYED', 'TOKENS IN/OUT (REC | NEW)', 'COST (REC | NEW)', 'MATCH'],
      rows,
    );
  }
  out += `\n${stripControlSequences(verdictLine(result, sides))}\n`;
  if (result.notReplayed > 0)
    out += `${result.notReplayed} recorded step${result.notReplayed === 1 ? '' : 's'} not replayed\n`;
  return out;
}

/** The report for scripts (`--json`): one object. */
export function jsonReport(result: ReplayResult, sides: ReplaySides): string {
  return `${terminalSafeJson({
    session: sides.session,
    recordedModel: sides.recordedModel ?? null,
    model: sides.model,
    identical: result.divergence === undefined && result.error === undefined,
    divergence: result.divergence ?? null,
    error: result.error ?? null,
    verdict: verdictLine(result, sides),
    turns: turnsOf(result),
    notReplayed: result.notReplayed,
  })}\n`;
}

function tokens(spend: Spend): string {
  const n = (v: number | undefined) => (v === undefined ? '-' : String(v));
  return `${n(spend.inputTokens)}/${n(spend.outputTokens)}`;
}

function cost(spend: Spend): string {
  return spend.cost === undefined ? '-' : `$${spend.cost.toFixed(4)}`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
