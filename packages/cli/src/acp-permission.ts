// kodama's questions asked in the editor: every confirmation the assistant
// would put to the person (what the permission rules mark `ask`, a bash
// command, an edit's diff, the taint gate) becomes `session/request_permission`
// on the tool call the editor shows. The rules stay kodama's: what they allow
// or deny is never asked, and "always" is offered only where a rule could
// allow the call (`allowAlways`), for this session.
import * as acp from '@agentclientprotocol/sdk';
import type { AskPerson, ConfirmAnswer } from '@kodama/assistant';
import type { CallView, ToolCallBook } from './acp-tool-calls.ts';

/** Where a question goes: the session's client, and the session it is about. */
export interface PermissionTarget {
  readonly client: acp.AgentContext;
  readonly sessionId: string;
  readonly book: ToolCallBook;
}

const ALLOW = 'allow';
const ALWAYS = 'allow-always';
const REJECT = 'reject';

/**
 * The AskPerson of an ACP session. An answer the client does not give (it
 * cancelled the turn, the connection failed, an option kodama did not offer)
 * is a no: nothing runs that nobody approved.
 */
export function acpAsker(target: PermissionTarget): AskPerson {
  let asked = 0;
  return async (question, signal) => {
    const { request } = question;
    const call = target.book.current;
    // A question outside a tool call (none is known) gets a tool call of its own.
    const toolCallId = call?.toolCallId ?? `kodama-question-${++asked}`;
    const view: CallView = {
      kind: request.effect === 'writesFile' ? 'edit' : 'other',
      title: request.title,
      locations: [],
    };
    const options: acp.PermissionOption[] = [
      { optionId: ALLOW, name: 'Allow once', kind: 'allow_once' },
      ...(question.allowAlways
        ? [
            {
              optionId: ALWAYS,
              // The rule kept is named: it may cover more than this call (`bash(npm test:*)`).
              name: question.rule ? `Allow ${question.rule} for this session` : 'Allow for this session',
              kind: 'allow_always' as const,
            },
          ]
        : []),
      { optionId: REJECT, name: 'Reject', kind: 'reject_once' },
    ];
    const detail =
      request.detail && !call?.diff
        ? [{ type: 'content' as const, content: { type: 'text' as const, text: request.detail } }]
        : [];
    const warnings =
      request.warnings.length > 0
        ? [
            {
              type: 'content' as const,
              content: { type: 'text' as const, text: `hidden content: ${request.warnings.join(', ')}` },
            },
          ]
        : [];
    const toolCall: acp.ToolCallUpdate = {
      toolCallId,
      title: request.title,
      ...(call ? {} : { kind: view.kind, status: 'pending' as const }),
      content: [...(call?.diff ? [call.diff] : []), ...detail, ...warnings],
    };
    let answer: acp.RequestPermissionResponse;
    try {
      answer = await target.client.request(
        acp.methods.client.session.requestPermission,
        { sessionId: target.sessionId, toolCall, options },
        signal ? { cancellationSignal: signal } : undefined,
      );
    } catch {
      return { kind: 'no' };
    }
    return answerOf(answer, question.allowAlways);
  };
}

/** The client's choice as kodama's answer; anything but an offered allow is a no. */
function answerOf(answer: acp.RequestPermissionResponse, allowAlways: boolean): ConfirmAnswer {
  const outcome = answer.outcome;
  if (outcome.outcome !== 'selected') return { kind: 'no' };
  if (outcome.optionId === ALLOW) return { kind: 'yes' };
  if (outcome.optionId === ALWAYS && allowAlways) return { kind: 'always' };
  return { kind: 'no' };
}
