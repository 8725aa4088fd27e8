import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { relative, resolve, sep } from 'node:path';
import {
  BACKGROUND_MAX_OUTPUT_BYTES,
  BACKGROUND_MAX_RUNNING,
  BackgroundTasks,
} from '../subprocess/background-tasks.ts';
import { ProcessRegistry } from '../subprocess/process-registry.ts';
import { Denylist, foldName } from './denylist.ts';
import { PathRefusedError, WorkspaceError } from './errors.ts';
import { isInside, realPathOf } from './real-path.ts';

/** How a Workspace is built. Every path is resolved (symlinks included) once, at creation. */
export interface WorkspaceOptions {
  /** The base for relative paths, always readable, and the ceiling for writable roots. */
  readonly projectRoot: string;
  /** Where writes may land (default: the whole project root). Each must lie inside the project root. */
  readonly writableRoots?: readonly string[];
  /** Extra read-only roots (e.g. a dependency checkout). */
  readonly readableRoots?: readonly string[];
  /** Roots whose files anyone may have written (a cloned repo): makes the tools' untrusted leg `hard`. */
  readonly untrustedRoots?: readonly string[];
  /** Patterns added to the credential denylist (see DEFAULT_DENYLIST for the syntax). */
  readonly denylist?: readonly string[];
  /** Where the scratch directory is created (default: the OS temp dir). */
  readonly scratchParent?: string;
  /**
   * Let write and edit change files under a `.git` directory (default false).
   * Git runs what `.git/config` (`core.fsmonitor`, aliases, filters) and
   * `.git/hooks/*` name, so a planted line would run at the next approved
   * `git status` without the confirmer ever seeing it.
   */
  readonly allowGitWrites?: boolean;
  /**
   * How many background commands may run at once (bash's `run_in_background`;
   * a person's Ctrl+B is not refused); default {@link BACKGROUND_MAX_RUNNING}.
   */
  readonly maxBackground?: number;
}

/** What a path will be used for. */
export type PathAccess = 'read' | 'write';

/**
 * The part of the filesystem the tools may touch: roots, the credential
 * denylist, a private scratch directory and the processes started on its
 * behalf. Create with {@link Workspace.create}; `close()` removes the scratch
 * directory and kills leftover processes.
 */
export class Workspace {
  /** Real path of the project root. */
  readonly projectRoot: string;
  /** Real paths where writes may land. */
  readonly writableRoots: readonly string[];
  /** Real paths that may be read: the project root, the writable and the readable roots. */
  readonly readableRoots: readonly string[];
  /** Real paths of roots marked untrusted. */
  readonly untrustedRoots: readonly string[];
  /** The credential denylist in force. */
  readonly denylist: Denylist;
  /** A private directory (mode 0700) for temp files and the sandbox's `/tmp`; removed on close. */
  readonly scratchDir: string;
  /** Process groups started for this workspace; killed on close. */
  readonly processes = new ProcessRegistry();
  /** Commands running in the background (bash's `run_in_background`); all are ended on close. */
  readonly background: BackgroundTasks;
  /** True when write and edit may change files under `.git` (see {@link WorkspaceOptions.allowGitWrites}). */
  readonly allowGitWrites: boolean;
  #closed = false;

  private constructor(fields: {
    projectRoot: string;
    writableRoots: string[];
    readableRoots: string[];
    untrustedRoots: string[];
    denylist: Denylist;
    scratchDir: string;
    allowGitWrites: boolean;
    maxBackground: number;
  }) {
    this.background = new BackgroundTasks(this.processes, BACKGROUND_MAX_OUTPUT_BYTES, fields.maxBackground);
    this.projectRoot = fields.projectRoot;
    this.writableRoots = Object.freeze(fields.writableRoots);
    this.readableRoots = Object.freeze(fields.readableRoots);
    this.untrustedRoots = Object.freeze(fields.untrustedRoots);
    this.denylist = fields.denylist;
    this.scratchDir = fields.scratchDir;
    this.allowGitWrites = fields.allowGitWrites;
  }

  /** Builds a workspace; throws {@link WorkspaceError} for a missing, non-directory or denied root. */
  static async create(options: WorkspaceOptions): Promise<Workspace> {
    const maxBackground = options.maxBackground ?? BACKGROUND_MAX_RUNNING;
    if (!Number.isSafeInteger(maxBackground) || maxBackground < 0)
      throw new WorkspaceError(
        `maxBackground must be a non-negative integer, got ${String(options.maxBackground)}`,
      );
    const denylist = new Denylist(options.denylist);
    const root = async (path: string, what: string) => {
      const real = await realPathOf(resolve(path));
      const info = await stat(real).catch(() => undefined);
      if (!info?.isDirectory()) throw new WorkspaceError(`${what} is not a directory: ${path}`);
      const denied = denylist.matchName(real);
      if (denied) throw new WorkspaceError(`${what} is on the credential denylist (${denied}): ${path}`);
      return real;
    };
    const projectRoot = await root(options.projectRoot, 'project root');
    const writableRoots: string[] = [];
    for (const w of options.writableRoots ?? [projectRoot]) {
      const real = await root(resolve(projectRoot, w), 'writable root');
      if (!isInside(real, projectRoot)) {
        throw new WorkspaceError(`writable root ${w} is outside the project root ${projectRoot}`);
      }
      writableRoots.push(real);
    }
    const readableRoots = [projectRoot, ...writableRoots];
    for (const r of options.readableRoots ?? [])
      readableRoots.push(await root(resolve(projectRoot, r), 'readable root'));
    const untrustedRoots: string[] = [];
    for (const u of options.untrustedRoots ?? []) {
      const real = await root(resolve(projectRoot, u), 'untrusted root');
      if (!readableRoots.some((r) => isInside(real, r))) {
        throw new WorkspaceError(`untrusted root ${u} is not inside any root`);
      }
      untrustedRoots.push(real);
    }
    const scratchDir = await mkdtemp(resolve(options.scratchParent ?? tmpdir(), 'kodama-scratch-'));
    return new Workspace({
      projectRoot,
      writableRoots,
      readableRoots: [...new Set(readableRoots)],
      untrustedRoots,
      denylist,
      scratchDir: await realPathOf(scratchDir),
      allowGitWrites: options.allowGitWrites === true,
      maxBackground,
    });
  }

  /**
   * Resolves a path as a tool received it (relative to the project root, or
   * absolute) to its real path, and checks it: inside a root allowed for
   * `access`, and not on the denylist by its requested or its real name.
   * The file need not exist. Throws {@link PathRefusedError}.
   */
  async resolve(path: string, access: PathAccess): Promise<string> {
    if (typeof path !== 'string' || path.length === 0) throw new PathRefusedError('an empty path was given');
    if (path.includes('\0')) throw new PathRefusedError('the path contains a NUL byte');
    const requested = resolve(this.projectRoot, path);
    const deniedName = this.denylist.matchName(requested);
    if (deniedName)
      throw new PathRefusedError(`${path} is a credential file (${deniedName}); access is refused`);
    if (access === 'write') this.#checkGitWrite(requested, path);
    const real = await realPathOf(requested);
    this.check(real, access, path);
    return real;
  }

  /**
   * Checks an already-resolved real path (e.g. one ripgrep printed, or the
   * target of an opened file descriptor). Throws {@link PathRefusedError}.
   */
  check(real: string, access: PathAccess, shownAs: string = this.displayPath(real)): void {
    if (!this.allows(real, access)) {
      const where = access === 'write' ? this.writableRoots : this.readableRoots;
      throw new PathRefusedError(
        `${shownAs} is outside the workspace (${access} allowed under: ${where.join(', ')})${
          shownAs !== real ? `; it resolves to ${real}` : ''
        }`,
      );
    }
    const denied = this.denylist.deniedReason(real);
    if (denied) throw new PathRefusedError(`${shownAs} is a credential file (${denied}); access is refused`);
    if (access === 'write') this.#checkGitWrite(real, shownAs);
  }

  // A `.git` component below the writable root (the directory, a gitfile, or anything inside).
  #checkGitWrite(abs: string, shownAs: string): void {
    if (this.allowGitWrites) return;
    const root = this.writableRoots.find((r) => isInside(abs, r)) ?? this.projectRoot;
    const below = isInside(abs, root) ? relative(root, abs) : abs;
    if (below.split(sep).some((part) => foldName(part) === '.git')) {
      throw new PathRefusedError(
        `${shownAs} is inside a .git directory; write and edit are refused there because git runs what .git/config and .git/hooks name (a planted line would run unconfirmed at the next git command). Use git commands through bash instead, or have the host set allowGitWrites`,
      );
    }
  }

  /** True when a real path lies in a root that allows `access` (the denylist is not consulted). */
  allows(real: string, access: PathAccess): boolean {
    const roots = access === 'write' ? this.writableRoots : this.readableRoots;
    return roots.some((r) => isInside(real, r));
  }

  /** True when a real path lies under a root marked untrusted. */
  isUntrusted(real: string): boolean {
    return this.untrustedRoots.some((r) => isInside(real, r));
  }

  /** A path as the model should see it: relative to the project root when inside it. */
  displayPath(real: string): string {
    if (real === this.projectRoot) return '.';
    return isInside(real, this.projectRoot) ? relative(this.projectRoot, real) : real;
  }

  /** True once {@link close} has run. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Ends the background tasks, kills leftover processes and removes the scratch directory. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([this.background.closeAll(), this.processes.killAll()]);
    await rm(this.scratchDir, { recursive: true, force: true });
  }
}
