import type { ConfirmRequest } from '../confirm/confirm-types.ts';
import type { RuledDecision } from '../permissions/permission-rules.ts';
import type { Transcript } from '../render/transcript.ts';

/** Draws the diff of an edit about to be asked about, in full (wrapped, never cut): the person approves what they read. */
export function showAskedEdit(transcript: Transcript, request: ConfirmRequest): void {
  if (request.effect === 'writesFile' && request.detail) transcript.diff(request.title, request.detail);
}

/** Lines of a rule-allowed edit's diff shown before Ctrl+O unfolds it. */
export const ALLOWED_DIFF_LINES = 12;

/**
 * Draws an edit a permission rule allowed without asking: its diff, folded,
 * titled with the rule that let it through, so a change never lands unseen.
 * Other allowed requests (a command) already show as their tool's line.
 */
export function showAllowedEdit(transcript: Transcript, request: ConfirmRequest, ruled: RuledDecision): void {
  if (request.effect !== 'writesFile' || !request.detail) return;
  transcript.diff(
    `${request.title} · allowed by ${ruled.rule} (${ruled.source})`,
    request.detail,
    ALLOWED_DIFF_LINES,
  );
}
