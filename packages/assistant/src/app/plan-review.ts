import type { AnyTool } from '@kodama/core';
import type { Transcript } from '../render/transcript.ts';
import type { ModalArea } from './modal-area.ts';
import type { ModeSwitch } from './mode-switch.ts';
import { type PlanAnswer, presentPlanTool } from './plan-tool.ts';

/** The choices offered under a presented plan. */
const CHOICES = [
  { value: 'accept-edits', label: 'yes, and accept edits', description: 'file edits run without asking' },
  { value: 'default', label: 'yes, and ask before edits', description: 'the default mode' },
  { value: 'edit', label: 'no, change it', description: 'tell the agent what to change' },
  { value: 'reject', label: 'no, keep planning', description: 'stay in plan mode' },
] as const;

/**
 * Shows a plan in the transcript and asks the person above the input: approve
 * (and the mode to go on in), change it (a line of feedback), or reject it
 * (an optional reason). Cancelling the list (Esc, or the turn stopping) is a
 * rejection without a reason.
 */
export async function reviewPlan(
  transcript: Transcript,
  modal: ModalArea,
  plan: string,
): Promise<PlanAnswer> {
  transcript.plan(plan);
  const choice = await modal.pick('approve this plan?', CHOICES);
  if (choice === 'accept-edits' || choice === 'default') return { kind: 'approve', mode: choice };
  if (choice === 'edit') {
    const feedback = await modal.askText('what should change in the plan?');
    if (feedback) return { kind: 'edit', feedback };
  }
  const reason = choice === 'reject' ? await modal.askText('why? (Enter to skip)') : undefined;
  return { kind: 'reject', reason: reason ?? '' };
}

/** The screen's `present_plan` tool: the plan reviewed above the input, an approval switching the session's mode. */
export function planTool(app: {
  readonly transcript: Transcript;
  readonly modal: ModalArea;
  readonly modes: ModeSwitch;
  readonly sessionId: string;
}): AnyTool {
  return presentPlanTool({
    get mode() {
      return app.modes.mode;
    },
    review: (plan) => reviewPlan(app.transcript, app.modal, plan),
    approve: (mode) => app.modes.set(mode, app.sessionId, true),
  });
}
