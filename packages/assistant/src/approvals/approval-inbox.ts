// The folder where questions wait for a person, shared by every kodama
// process of the user: `<id>.json` is a pending approval, `<id>.answer` its
// answer. The answer is made by a hard link, which fails when one exists, so
// of two surfaces answering at once exactly one answer counts, and the asking
// process runs (or refuses) the call once, by that answer. The folder is the
// person's (0700, in the user's data directory, named in the credential
// denylist so no sandboxed command and no file tool of an agent reaches it).
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ApprovalAnswer, isApprovalId, type PendingApproval } from './pending-approval.ts';

/** The inbox folder's name under the user's kodama data directory (also a credential-denylist name). */
export const APPROVALS_DIR_NAME = 'kodama-approvals';

/** How long answered and abandoned entries stay before a sweep removes them. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** What answering from outside the asking process came to. */
export type OutsideAnswer =
  | { readonly kind: 'answered'; readonly pending: PendingApproval }
  | { readonly kind: 'already-answered'; readonly pending?: PendingApproval; readonly answer: ApprovalAnswer }
  | { readonly kind: 'asker-gone'; readonly pending: PendingApproval }
  | { readonly kind: 'unknown' };

/** True while process `pid` exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The folder of pending approvals and their answers; see the file comment. */
export class ApprovalInbox {
  constructor(
    readonly dir: string,
    private readonly pollMs = 200,
  ) {}

  #path(id: string, ext: 'json' | 'answer'): string {
    if (!isApprovalId(id)) throw new Error(`not an approval id: ${JSON.stringify(id)}`);
    return join(this.dir, `${id}.${ext}`);
  }

  async #ensureDir(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await chmod(this.dir, 0o700);
  }

  /** Writes `pending` whole (a reader never sees half a file). */
  async publish(pending: PendingApproval): Promise<void> {
    await this.#ensureDir();
    const temp = join(this.dir, `.${pending.id}.${randomBytes(4).toString('hex')}`);
    await writeFile(temp, `${JSON.stringify(pending)}\n`, { mode: 0o600, flag: 'wx' });
    await rename(temp, this.#path(pending.id, 'json'));
  }

  /** The pending approval `id`, if it is still published. */
  async pending(id: string): Promise<PendingApproval | undefined> {
    return readJson<PendingApproval>(this.#path(id, 'json'));
  }

  /** The answer to `id`, once there is one. */
  async answerOf(id: string): Promise<ApprovalAnswer | undefined> {
    return readJson<ApprovalAnswer>(this.#path(id, 'answer'));
  }

  /**
   * Answers `id` unless it has an answer: resolves to the answer that counts
   * (this one, or the one that came first).
   */
  async claim(id: string, answer: ApprovalAnswer): Promise<ApprovalAnswer> {
    await this.#ensureDir();
    const temp = join(this.dir, `.${id}.answer.${randomBytes(4).toString('hex')}`);
    await writeFile(temp, `${JSON.stringify(answer)}\n`, { mode: 0o600, flag: 'wx' });
    try {
      await link(temp, this.#path(id, 'answer'));
      return answer;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return (await this.answerOf(id)) ?? answer;
    } finally {
      await unlink(temp).catch(() => undefined);
    }
  }

  /** Resolves with the answer to `id` once one exists, or undefined when `signal` aborts first. */
  async waitForAnswer(id: string, signal: AbortSignal): Promise<ApprovalAnswer | undefined> {
    while (!signal.aborted) {
      const answer = await this.answerOf(id);
      if (answer) return answer;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.pollMs);
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
        signal.addEventListener('abort', done, { once: true });
      });
    }
    return undefined;
  }

  /** The asker is done with `id`: the pending file goes (the answer stays a day, so a late answer learns it came late). */
  async settle(id: string): Promise<void> {
    await rm(this.#path(id, 'json'), { force: true });
  }

  /**
   * Answers `id` from another process (`kodama approve`), exactly once: the
   * asking process picks the answer up, or already has one.
   */
  async answerFromOutside(id: string, answer: ApprovalAnswer): Promise<OutsideAnswer> {
    if (!isApprovalId(id)) return { kind: 'unknown' };
    const pending = await this.pending(id);
    const earlier = await this.answerOf(id);
    if (earlier) return { kind: 'already-answered', ...(pending ? { pending } : {}), answer: earlier };
    if (!pending) return { kind: 'unknown' };
    if (!alive(pending.pid)) return { kind: 'asker-gone', pending };
    const counted = await this.claim(id, answer);
    if (counted !== answer) return { kind: 'already-answered', pending, answer: counted };
    return { kind: 'answered', pending };
  }

  /** The approvals still waiting (unanswered, their asker alive), oldest first; sweeps stale entries. */
  async list(): Promise<PendingApproval[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const waiting: PendingApproval[] = [];
    for (const name of names) {
      const id = name.replace(/\.(json|answer)$/, '');
      if (!isApprovalId(id)) continue;
      const path = join(this.dir, name);
      if (name.endsWith('.answer')) {
        const info = await stat(path).catch(() => undefined);
        if (info && Date.now() - info.mtimeMs > KEEP_MS) await rm(path, { force: true });
        continue;
      }
      const pending = await readJson<PendingApproval>(path);
      if (!pending || !alive(pending.pid)) {
        await rm(path, { force: true });
        continue;
      }
      if (!(await this.answerOf(id))) waiting.push(pending);
    }
    return waiting.sort((a, b) => a.askedAt.localeCompare(b.askedAt));
  }
}

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}
