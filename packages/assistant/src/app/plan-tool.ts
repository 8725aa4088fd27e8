import { type AnyTool, defineTool, NONE, params, toolFailure } from '@kodama/core';
import type { PermissionMode } from '../permissions/permission-mode.ts';

/** The plan tool's name (the convention of Claude Code's exit_plan_mode). */
export const PRESENT_PLAN_TOOL = 'present_plan';

/** The person's answer to a presented plan. */
export type PlanAnswer =
  | { readonly kind: 'approve'; readonly mode: 'default' | 'accept-edits' }
  | { readonly kind: 'edit'; readonly feedback: string }
  | { readonly kind: 'reject'; readonly reason: string }
  /** One-shot (`kodama -p`, `kodama ask`) with no one to ask: the plan was printed, nothing changes in this run. */
  | { readonly kind: 'printed' };

/** What the plan tool needs of the screen. */
export interface PlanHost {
  /** The mode now (the tool works only in plan mode). */
  readonly mode: PermissionMode;
  /** Shows the plan and asks the person; resolves `reject` when `signal` aborts. */
  review(plan: string, signal: AbortSignal): Promise<PlanAnswer>;
  /** Switches the mode after an approval (the tool's answer tells the model). */
  approve(mode: 'default' | 'accept-edits'): Promise<void>;
}

const DESCRIPTION = `Presents your plan to the person for approval, in plan mode only.

Usage:
- In plan mode you can only read and explore; when you know what to change, call this with the whole plan (Markdown: the steps, the files).
- The person approves it (you then carry it out at once, in the mode they chose), asks for changes (revise and present it again), or rejects it (stay in plan mode).
- Outside plan mode it fails: just do the work.`;

/**
 * The `present_plan` tool: in plan mode it shows the plan and asks the person
 * to approve it (choosing the mode to go on in), change it (their text goes
 * back to the model) or reject it (plan mode stays, their reason goes back).
 * Approving switches the mode and the model carries the plan out in the same
 * turn. Nothing in a project or the model's output can approve a plan: only
 * the person's answer on the screen.
 */
export function presentPlanTool(host: PlanHost): AnyTool {
  return defineTool({
    name: PRESENT_PLAN_TOOL,
    description: DESCRIPTION,
    parameters: params().requiredString('plan', 'The plan, in Markdown.'),
    trifectaLegs: NONE,
    sequential: true,
    execute: async ({ plan }, context) => {
      if (host.mode !== 'plan')
        return toolFailure(
          `present_plan works only in plan mode; the mode is ${host.mode}, so go on with the work itself`,
        );
      const answer = await host.review(plan, context.signal);
      if (answer.kind === 'approve') {
        await host.approve(answer.mode);
        return `The person approved the plan. The permission mode is now ${answer.mode}${answer.mode === 'accept-edits' ? ' (file edits run without asking; commands ask)' : ' (edits and commands ask as the rules say)'}. Carry out the plan now.`;
      }
      if (answer.kind === 'printed')
        return 'The plan was printed for the person. This is a one-shot run with no one to approve it, so nothing will be changed in it: end your turn now with a one-line summary. The person carries the plan out by running kodama again in another permission mode.';
      if (answer.kind === 'edit')
        return `The person wants the plan changed: ${answer.feedback}\nStill in plan mode: revise the plan and present it again with present_plan.`;
      return `The person rejected the plan${answer.reason ? `: ${answer.reason}` : ''}. Still in plan mode: do not change anything; ask what they want or explore further.`;
    },
  });
}
