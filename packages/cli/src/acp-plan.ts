// Plan mode in the editor: the model presents its plan with `present_plan`
// (the screen's tool), the editor is asked about it with
// `session/request_permission` on that tool call, and approving it switches
// the session's mode (told to the editor as `current_mode_update`) so the
// model carries it out in the same turn. Only the editor's answer approves a
// plan: nothing in the project or the model's output can.
import * as acp from '@agentclientprotocol/sdk';
import type { AnyTool } from '@kodama/core';
import type { ToolCallBook } from './acp-tool-calls.ts';
import type { SendUpdate } from './acp-updates.ts';

type AssistantModule = typeof import('@kodama/assistant');
type Rules = InstanceType<AssistantModule['PermissionRules']>;

const CARRY_OUT = 'carry-out';
const ACCEPT_EDITS = 'carry-out-accepting-edits';
const KEEP_PLANNING = 'keep-planning';

/** What the plan tool of a session needs. */
export interface PlanTarget {
  readonly client: acp.AgentContext;
  readonly sessionId: string;
  readonly book: ToolCallBook;
  readonly rules: Rules;
  readonly send: SendUpdate;
  /** Told when approving a plan switched the mode (the model is told by the tool's answer). */
  readonly switched: (mode: 'default' | 'accept-edits') => void;
}

/** `present_plan` for an ACP session: works in plan mode only, asked in the editor. */
export function acpPlanTool(assistant: AssistantModule, target: PlanTarget): AnyTool {
  const { rules } = target;
  return assistant.presentPlanTool({
    get mode() {
      return rules.mode;
    },
    review: async (plan, signal) => {
      const toolCallId = target.book.current?.toolCallId ?? 'kodama-plan';
      let answer: acp.RequestPermissionResponse;
      try {
        answer = await target.client.request(
          acp.methods.client.session.requestPermission,
          {
            sessionId: target.sessionId,
            toolCall: {
              toolCallId,
              title: 'Carry out this plan?',
              content: [{ type: 'content', content: { type: 'text', text: plan } }],
            },
            options: [
              { optionId: CARRY_OUT, name: 'Carry it out (edits and commands ask)', kind: 'allow_once' },
              { optionId: ACCEPT_EDITS, name: 'Carry it out, accepting edits', kind: 'allow_always' },
              { optionId: KEEP_PLANNING, name: 'Keep planning', kind: 'reject_once' },
            ],
          },
          { cancellationSignal: signal },
        );
      } catch {
        return { kind: 'reject', reason: '' };
      }
      const chosen = answer.outcome.outcome === 'selected' ? answer.outcome.optionId : undefined;
      if (chosen === CARRY_OUT) return { kind: 'approve', mode: 'default' };
      if (chosen === ACCEPT_EDITS) return { kind: 'approve', mode: 'accept-edits' };
      return { kind: 'reject', reason: '' };
    },
    approve: async (mode) => {
      rules.mode = mode;
      target.switched(mode);
      target.send({ sessionUpdate: 'current_mode_update', currentModeId: mode });
    },
  });
}
