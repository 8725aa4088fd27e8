// Credential denylist: names no root can make readable. Matching is on every
// component of a path, case-insensitive, after Unicode compatibility folding
// and after removing invisible characters, so `.ENV`, `．env` (fullwidth dot)
// and `.e\u200Bnv` are all treated as `.env`.
import { readFileSync } from 'node:fs';
import { basename, dirname, sep } from 'node:path';

/**
 * Built-in patterns. Syntax (also for the configurable list): a pattern is
 * matched against one path component with `*` and `?` wildcards; a trailing
 * `/` means "a directory of this name anywhere in the path" (everything under
 * it is denied); otherwise the pattern matches the final component.
 */
export const DEFAULT_DENYLIST: readonly string[] = Object.freeze([
  '.env*',
  '*.pem',
  '*.key',
  '.ssh/',
  '.aws/',
  '.gnupg/',
  '.netrc',
  '_netrc',
  '.git-credentials',
]);

/** `id_rsa`, `id_ed25519`, `id_anything` without an extension: SSH private keys (`id_rsa.pub` is public). */
const PRIVATE_KEY = /^id_[a-z0-9_-]+$/;
/** An `.npmrc` is denied only when it holds credentials. */
const NPM_TOKEN = /(_authToken|_auth|_password|:password)\s*=/i;

// Zero-width, bidi and other format characters that render as nothing.
const INVISIBLE =
  /\u034F|[\u00AD\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/g;

/** Folds a name for comparison: NFKC, invisible characters removed, lower case. */
export function foldName(name: string): string {
  // Printable ASCII has nothing to fold but case; most names take this path (grep filters thousands).
  if (/^[\x20-\x7e]*$/.test(name)) return name.toLowerCase();
  return name.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
}

interface CompiledPattern {
  readonly source: string;
  readonly directory: boolean;
  readonly regex: RegExp;
}

function compile(pattern: string): CompiledPattern {
  const directory = pattern.endsWith('/');
  const body = foldName(directory ? pattern.slice(0, -1) : pattern);
  const escaped = body
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return { source: pattern, directory, regex: new RegExp(`^${escaped}$`) };
}

/** A compiled denylist: the built-in patterns plus the host's extra ones. */
export class Denylist {
  readonly #patterns: readonly CompiledPattern[];
  /** Every pattern in force, in the documented syntax. */
  readonly patterns: readonly string[];

  /** @param extra patterns added to {@link DEFAULT_DENYLIST} (never replacing it). */
  constructor(extra: readonly string[] = []) {
    this.patterns = Object.freeze([...DEFAULT_DENYLIST, ...extra]);
    this.#patterns = this.patterns.map(compile);
  }

  /**
   * The pattern that denies `absPath` by its name alone, or undefined.
   * Does not look at file contents (see {@link deniedReason} for `.npmrc`).
   */
  matchName(absPath: string): string | undefined {
    return this.matchDirectory(dirname(absPath)) ?? this.matchLast(basename(absPath));
  }

  /** The directory pattern (`.ssh/`) matching any component of `absDir`, or undefined. */
  matchDirectory(absDir: string): string | undefined {
    for (const part of absDir.split(sep)) {
      if (!part) continue;
      const folded = foldName(part);
      for (const p of this.#patterns) if (p.directory && p.regex.test(folded)) return p.source;
    }
    return undefined;
  }

  /** The pattern matching a final path component (a file or a directory name), or undefined. */
  matchLast(name: string): string | undefined {
    const folded = foldName(name);
    for (const p of this.#patterns) if (p.regex.test(folded)) return p.source;
    if (PRIVATE_KEY.test(folded)) return 'id_* (private key)';
    return undefined;
  }

  /**
   * Why `absPath` is denied, or undefined when it is not. An `.npmrc` is read
   * (synchronously, it is small) to see whether it holds a token. `dirCache`
   * remembers directory verdicts across calls (grep checks thousands of paths).
   */
  deniedReason(absPath: string, dirCache?: Map<string, string | undefined>): string | undefined {
    const dir = dirname(absPath);
    let byDir: string | undefined;
    if (dirCache?.has(dir)) byDir = dirCache.get(dir);
    else {
      byDir = this.matchDirectory(dir);
      dirCache?.set(dir, byDir);
    }
    if (byDir) return byDir;
    const name = basename(absPath);
    const byName = this.matchLast(name);
    if (byName) return byName;
    if (foldName(name) === '.npmrc' && npmrcHasToken(absPath)) return '.npmrc with tokens';
    return undefined;
  }

  /**
   * ripgrep `--iglob` exclusions for the name patterns, so grep and glob never
   * open denied files. Results are still filtered with {@link deniedReason}
   * afterwards (folded names, `id_*` keys and `.npmrc` tokens are only caught there).
   */
  ripgrepExclusions(): string[] {
    const globs = this.patterns.map((p) => `!${p.endsWith('/') ? p.slice(0, -1) : p}`);
    return globs.flatMap((g) => ['--iglob', g]);
  }
}

function npmrcHasToken(path: string): boolean {
  try {
    return NPM_TOKEN.test(readFileSync(path, 'utf8'));
  } catch {
    return false; // unreadable or missing: nothing to leak through this check
  }
}
