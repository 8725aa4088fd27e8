import type { TUI } from '@mariozechner/pi-tui';
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
  screen: { readonly transcript: Transcript; readonly tui: TUI },
  options: AssistantOptions,
  ask: AskPerson,
  onReason: (request: ConfirmRequest, reason: string) => void,
): InlineConfirmer {
  return new InlineConfirmer(
    ask,
    onReason,
    options.permissions ?? new PermissionRules([], options.root),
    (request, ruled) => showAllowedEdit(screen.transcript, request, ruled),
    {
      ...(options.ruleFiles ? { ruleFiles: options.ruleFiles } : {}),
      onNotice: (text, kind) => {
        screen.transcript.notice(text, kind);
        screen.tui.requestRender();
      },
    },
  );
}
