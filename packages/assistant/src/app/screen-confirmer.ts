import type { TUI } from '@mariozechner/pi-tui';
import { throughInbox } from '../approvals/inbox-asker.ts';
import type { AskPerson, ConfirmRequest } from '../confirm/confirm-types.ts';
import { InlineConfirmer } from '../confirm/inline-confirmer.ts';
import { PermissionRules } from '../permissions/permission-rules.ts';
import type { Transcript } from '../render/transcript.ts';
import type { AssistantOptions } from './assistant-options.ts';
import { showAllowedEdit } from './shown-edits.ts';

/**
 * The screen's confirmer: questions asked above the input (`ask`), a decline's
 * reason sent on to the model (`onReason`), edits a rule allowed shown with
 * their diff, the rules of `options` (saved "always" rules through its
 * `ruleFiles`), and its notices in the transcript.
 */
export function screenConfirmer(
  screen: { readonly transcript: Transcript; readonly tui: TUI; readonly sessionId: string },
  options: AssistantOptions,
  ask: AskPerson,
  onReason: (request: ConfirmRequest, reason: string) => void,
): InlineConfirmer {
  const notice = (text: string, kind?: 'warning' | 'error') => {
    screen.transcript.notice(text, kind);
    screen.tui.requestRender();
  };
  const from = { surface: 'terminal', root: options.root, sessionId: () => screen.sessionId } as const;
  return new InlineConfirmer(
    options.inbox
      ? throughInbox(ask, options.inbox, from, (pending, answer) =>
          notice(
            `${answer.approved ? 'approved' : 'denied'} by ${answer.by} (${pending.id}): ${pending.asks}`,
          ),
        )
      : ask,
    onReason,
    options.permissions ?? new PermissionRules([], options.root),
    (request, ruled) => showAllowedEdit(screen.transcript, request, ruled),
    {
      ...(options.ruleFiles ? { ruleFiles: options.ruleFiles } : {}),
      onNotice: notice,
    },
  );
}
