// Plan mode without a screen (`kodama -p`, `kodama ask`): the model is told
// it is read-only and given `present_plan`; the plan is printed, and approved
// on the terminal when stdin is one, else the run ends with it unapplied.
import type { AnyTool } from '@kodama/core';
import type { PermissionMode } from '../permissions/permission-mode.ts';
import type { PermissionRules } from '../permissions/permission-rules.ts';
import { modeNote } from './mode-switch.ts';
import { type PlanAnswer, presentPlanTool } from './plan-tool.ts';

/** How a one-shot turn shows a plan and, when someone can answer, asks about it. */
export interface PrintedPlanHost {
  /** Prints the plan for the person. */
  show(plan: string): void;
  /**
   * Asks the person on the terminal: the mode to carry it out in, or false
   * (rejected); absent when no one can answer (stdin is not a terminal).
   */
  readonly ask?: (signal: AbortSignal) => Promise<'default' | 'accept-edits' | false>;
}

/** What a one-shot turn in `rules`' mode adds: the note the prompt starts with, and the plan tool in plan mode. */
export interface PrintedPlan {
  /** Said to the model before the prompt when the mode is not `default`. */
  readonly note: string | undefined;
  /** `present_plan`, in plan mode only (a mode cannot change in a one-shot run otherwise). */
  readonly tools: readonly AnyTool[];
}

/**
 * The permission mode of a one-shot turn, told to the model: in plan mode the
 * turn may only explore, and its plan goes through `present_plan`: printed,
 * then approved on the terminal (the mode switches and the model carries it
 * out in the same turn) or, with nobody to ask, left for the person to run
 * again in another mode. Nothing the model writes approves a plan.
 */
export function printedPlan(rules: PermissionRules, host: PrintedPlanHost): PrintedPlan {
  const note = oneShotModeNote(rules.mode);
  if (rules.mode !== 'plan') return { note, tools: [] };
  const tool = presentPlanTool({
    get mode() {
      return rules.mode;
    },
    review: async (plan, signal): Promise<PlanAnswer> => {
      host.show(plan);
      if (host.ask === undefined) return { kind: 'printed' };
      const answer = await host.ask(signal);
      return answer === false ? { kind: 'reject', reason: '' } : { kind: 'approve', mode: answer };
    },
    approve: async (mode) => {
      rules.mode = mode;
    },
  });
  return { note, tools: [tool] };
}

/** What the model is told about a one-shot turn's mode (the screen's note, but plan mode was not "switched to"); undefined for `default`. */
export function oneShotModeNote(mode: PermissionMode): string | undefined {
  if (mode === 'default') return undefined;
  if (mode !== 'plan') return modeNote(mode);
  return 'This turn is in plan mode: it is read-only. Explore with read-only tools (writes and commands that change anything are refused), then call present_plan with your whole plan; the person approves it before anything is changed.';
}
