// One shape for a question that waits on a person, whichever surface asked
// it (the terminal, an editor over ACP, `-p` on a terminal): what it asks and
// what it would run, serializable, so another surface (`kodama approvals`,
// `kodama approve <id>`) can show and answer it.
import { randomBytes } from 'node:crypto';
import type { ConfirmQuestion } from '../confirm/confirm-types.ts';

/** The surface that asked. */
export type ApprovalSurface = 'terminal' | 'acp' | 'print';

/** A question waiting on a person, as `kodama approvals` shows it. */
export interface PendingApproval {
  /** `ap-` and 16 hex digits, random: an id cannot be guessed from another. */
  readonly id: string;
  /** The question's one line (`run a shell command in /repo`). */
  readonly asks: string;
  /** What runs on a yes: the tool, and its sanitized payload (the command, a diff). */
  readonly wouldRun: { readonly tool: string; readonly detail: string; readonly path?: string };
  /** Hidden content the asking tool found in the payload. */
  readonly warnings: readonly string[];
  /** Set for the taint gate's question: the tools whose untrusted content came before. */
  readonly taintSources?: readonly string[];
  readonly surface: ApprovalSurface;
  /** The project root of the asking session. */
  readonly root: string;
  readonly sessionId?: string;
  /** The asking process. */
  readonly pid: number;
  /** ISO time it was asked. */
  readonly askedAt: string;
}

/** Who answered, and how. */
export interface ApprovalAnswer {
  readonly approved: boolean;
  /** Why, for the model, on a denial. */
  readonly reason?: string;
  /** `terminal`, `acp`, `print` (the asking surface) or `kodama approve`. */
  readonly by: string;
  /** ISO time. */
  readonly at: string;
}

/** Where a question is asked from, for {@link pendingApproval}. */
export interface AskingSurface {
  readonly surface: ApprovalSurface;
  readonly root: string;
  readonly sessionId?: () => string | undefined;
}

/** The pending approval of `question` asked on `from`. */
export function pendingApproval(question: ConfirmQuestion, from: AskingSurface): PendingApproval {
  const { request } = question;
  const sessionId = from.sessionId?.();
  return {
    id: `ap-${randomBytes(8).toString('hex')}`,
    asks: request.title,
    wouldRun: { tool: request.tool, detail: request.detail, ...(request.path ? { path: request.path } : {}) },
    warnings: request.warnings,
    ...(question.taintSources ? { taintSources: question.taintSources } : {}),
    surface: from.surface,
    root: from.root,
    ...(sessionId ? { sessionId } : {}),
    pid: process.pid,
    askedAt: new Date().toISOString(),
  };
}

/** True for a string shaped like a {@link PendingApproval.id} (nothing else is looked up as a file). */
export function isApprovalId(id: string): boolean {
  return /^ap-[0-9a-f]{16}$/.test(id);
}
