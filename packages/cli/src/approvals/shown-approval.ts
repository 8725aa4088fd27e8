import type { PendingApproval } from '@kodama/assistant';
import { sanitizeForDisplay } from '@kodama/workspace';

/** An inbox file is text a terminal must not obey: controls and hidden characters shown escaped. */
function visible(text: string): string {
  return sanitizeForDisplay(text).text;
}

const SURFACES: Record<PendingApproval['surface'], string> = {
  terminal: 'the assistant',
  acp: 'an editor (ACP)',
  print: 'kodama -p',
};

/** How long ago `iso` was, in words (`12 s`, `3 min`, `2 h`). */
function ago(iso: string, now: number): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  return s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`;
}

/** Who asked `pending`, for one line: `the assistant in /repo (pid 42, 12 s ago)`. */
export function askedBy(pending: PendingApproval, now = Date.now()): string {
  return `${SURFACES[pending.surface] ?? pending.surface} in ${visible(pending.root)} (pid ${pending.pid}, ${ago(pending.askedAt, now)} ago)`;
}

/** `pending` for a person: its id, who asks, the question, what would run (indented), hidden content and taint named. */
export function showApproval(pending: PendingApproval, now = Date.now()): string {
  const lines = [`${pending.id}  ${visible(pending.asks)}`, `  asked by ${askedBy(pending, now)}`];
  const detail = visible(pending.wouldRun.detail).trimEnd();
  if (detail) for (const line of detail.split('\n')) lines.push(`  │ ${line}`);
  if (pending.warnings.length > 0)
    lines.push(`  hidden content: ${pending.warnings.map(visible).join(', ')}`);
  if (pending.taintSources)
    lines.push(
      `  after untrusted content from ${pending.taintSources.map(visible).join(', ')} (it can send data out)`,
    );
  return `${lines.join('\n')}\n`;
}
