// What the assistant adds around its agent's tools, in one place for the
// screen and for one printed turn: the permission gate on every tool (control
// files ask a person also when everything else is approved), write and edit
// checkpointed and reviewed as a diff, the inline confirmer for the file and
// shell tools, and the taint gate. The CLI spreads it into the agent it builds.
import type { AnyTool } from '@kodama/core';
import type { TaintGate } from '@kodama/core/taint';
import { checkpointEdits, type ResolveWritePath } from '../checkpoints/checkpoint-edits.ts';
import type { FileCheckpoints } from '../checkpoints/file-checkpoints.ts';
import type { TurnToolLimit } from '../commands/command-tools.ts';
import type { AskPerson, Confirmer } from '../confirm/confirm-types.ts';
import { type ReadText, reviewEdits } from '../confirm/edit-review.ts';
import { InlineConfirmer } from '../confirm/inline-confirmer.ts';
import { permissionGate } from '../permissions/permission-gate.ts';
import type { PermissionRules } from '../permissions/permission-rules.ts';

/** What the agent's builder takes from the assistant. */
export interface AgentWiring {
  /** Wraps every tool the model or a sub-agent can call: the permission rules decide first. */
  readonly wrapTool: (tool: AnyTool) => AnyTool;
  /** Wraps write and edit: checkpointed (on the screen) and, unless everything is approved, reviewed as a diff. */
  readonly reviewEdits?: (tool: AnyTool, read: ReadText, resolvePath: ResolveWritePath) => AnyTool;
  /** The file and shell tools' confirmer; absent when everything is approved. */
  readonly confirmer?: Confirmer;
  /** The taint gate; absent when egress after untrusted content is approved too. */
  readonly taintGate?: TaintGate;
  /** Tools the assistant itself brings (the screen's `present_plan`), added to the agent's own. */
  readonly extraTools?: readonly AnyTool[];
}

/** What is approved without asking: `approveAll` every question but the taint gate's, `approveTaint` that one too. */
export interface Approvals {
  readonly approveAll?: boolean;
  readonly approveTaint?: boolean;
}

/** Approves everything: what the permission gate would ask, when everything is approved. */
const APPROVE_ALL: Confirmer = Object.freeze({ reviewed: false, confirm: async () => true });

function wiring(
  confirmer: InlineConfirmer,
  rules: PermissionRules,
  approvals: Approvals,
  extra: {
    readonly person: Confirmer | undefined;
    readonly checkpoints?: FileCheckpoints;
    readonly limit?: TurnToolLimit;
  },
): AgentWiring {
  const { checkpoints, person, limit } = extra;
  const review = (tool: AnyTool, read: ReadText, resolvePath: ResolveWritePath) => {
    const checkpointed = checkpoints ? checkpointEdits(tool, resolvePath, checkpoints) : tool;
    return approvals.approveAll ? checkpointed : reviewEdits(checkpointed, read, confirmer);
  };
  return {
    wrapTool: (tool) => {
      const gated = permissionGate(tool, rules, approvals.approveAll ? APPROVE_ALL : confirmer, person);
      // A custom command's allowed-tools refuse a call before the gate could ask about it.
      return limit ? limit.wrap(gated) : gated;
    },
    ...(approvals.approveAll && !checkpoints ? {} : { reviewEdits: review }),
    ...(approvals.approveAll ? {} : { confirmer }),
    ...(approvals.approveTaint ? {} : { taintGate: confirmer.taintGate }),
  };
}

/**
 * The screen's wiring: the app's inline confirmer and its checkpoints
 * (control files ask it also when all is approved), the limit of a
 * custom command's turn, and the screen's own tools (`present_plan`).
 */
export function screenWiring(
  confirmer: InlineConfirmer,
  checkpoints: FileCheckpoints,
  approvals: Approvals,
  limit?: TurnToolLimit,
  extraTools: readonly AnyTool[] = [],
): AgentWiring {
  const screen = wiring(confirmer, confirmer.rules, approvals, { person: confirmer, checkpoints, limit });
  return { ...screen, extraTools };
}

/**
 * The wiring of one printed turn (`kodama -p`): questions go to `ask` (a y / n
 * on the terminal, or a refusal saying how to allow the call); `person` says
 * whether someone is there to approve a control-file write (with nobody, it is
 * refused unless an allow rule names it exactly).
 */
export function printWiring(
  ask: AskPerson,
  rules: PermissionRules,
  approvals: Approvals & { readonly person: boolean },
): AgentWiring {
  const confirmer = new InlineConfirmer(ask, undefined, rules);
  return wiring(confirmer, rules, approvals, { person: approvals.person ? confirmer : undefined });
}
