// Credential denylist: names no root can make readable. Matching is on every
// component of a path, case-insensitive, after Unicode compatibility folding
// and after removing invisible characters, so `.ENV`, `．env` (fullwidth dot)
// and `.e\u200Bnv` are all treated as `.env`.
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { basename, dirname, sep } from 'node:path';

/**
 * Built-in patterns. Syntax (also for the configurable list): a pattern is
 * matched against one path component with `*` and `?` wildcards; a trailing
 * `/` means "a directory of this name anywhere in the path" (everything under
 * it is denied); otherwise the pattern matches the final component.
 */
export const DEFAULT_DENYLIST: readonly string[] = Object.freeze([
  '.env*',
  '.env*/',
  '*.pem',
  '*.key',
  '.ssh/',
  '.aws/',
  '.gnupg/',
  '.netrc',
  '_netrc',
  '.pgpass',
  '.git-credentials',
  // kodama's inbox of questions waiting on the person (@kodama/assistant's
  // ApprovalInbox): an agent's file tools or sandboxed bash writing an answer
  // there would approve its own calls, so no root makes it reachable.
  'kodama-approvals/',
]);

/**
 * Extensions that make an `id_*` name source code or docs, not a key
 * (`id_utils.ts`, `id_map.json`); `.pub` is a public key. Any other `id_*`
 * name (`id_rsa`, `id_rsa.bak`, `id_ed25519.old`, `id_rsa.pub.bak`) is
 * treated as a private key.
 */
const ID_FILE_ALLOWED_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    'pub ts tsx mts cts js jsx mjs cjs py pyi rb go rs java kt kts scala groovy c h cc cpp cxx hh hpp hxx ' +
    'cs fs swift m mm php lua pl pm r jl dart zig nim ex exs erl hrl hs ml mli clj cljs elm sh bash zsh fish ' +
    'ps1 sql proto graphql gql vue svelte astro html htm css scss sass less md mdx rst adoc json json5 jsonc ' +
    'yaml yml toml xml csv snap map d.ts'
  ).split(' '),
);

/** True when a (folded) name is an `id_*` private key by the rule above. */
function isPrivateKeyName(folded: string): boolean {
  if (!folded.startsWith('id_')) return false;
  const dot = folded.lastIndexOf('.');
  if (dot <= 2) return true; // no extension: id_rsa, id_ed25519
  return !ID_FILE_ALLOWED_EXTENSIONS.has(folded.slice(dot + 1));
}
/**
 * Files denied only when their contents hold a credential: the rest of them
 * (a registry URL, a remote without a password) stays readable. `parent` is a
 * directory the file must be inside (at any depth), folded like a name.
 */
interface ContentRule {
  readonly name: string;
  readonly parent?: string;
  readonly secret: RegExp;
  readonly reason: string;
}

/** The content rules, in the order they are tried. */
const CONTENT_RULES: readonly ContentRule[] = [
  {
    // `_authToken=…`, `//host/:_authToken=…`, and the quoted key `"//host/:_authToken"=…`.
    name: '.npmrc',
    secret: /(_authToken|_auth|_password|:password)["']?\s*=/i,
    reason: '.npmrc with tokens',
  },
  {
    // Yarn 2+: `npmAuthToken: …` and `npmAuthIdent: user:pass`, top level or under `npmRegistries`.
    name: '.yarnrc.yml',
    secret: /^\s*["']?(npmAuthToken|npmAuthIdent|npmPassword)["']?\s*:/im,
    reason: '.yarnrc.yml with an npm token',
  },
  {
    // `url = https://user:token@host/…` (also `pushurl`, `insteadOf` keys) and an Authorization extra header.
    name: 'config',
    parent: '.git',
    secret: /[a-z][\w+.-]*:\/\/[^\s/@:]*:[^\s/@]+@|extraheader\s*=\s*["']?authorization\s*:/i,
    reason: '.git/config with credentials',
  },
];

/** Bytes of a file read to look for a credential (credential files are small; a huge one is not read whole). */
const CONTENT_SCAN_BYTES = 256 * 1024;

// Zero-width, bidi and other format characters that render as nothing.
// Every format character (\p{Cf}: zero-width, bidi, tags), Hangul fillers and variation selectors.
const INVISIBLE =
  /\p{Cf}|\p{Variation_Selector}|\u034F|[\u115F\u1160\u17B4\u17B5\u180E\u3164\uFFA0\u{E0000}-\u{E007F}]/gu;

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
    if (isPrivateKeyName(folded)) return 'id_* (private key)';
    return undefined;
  }

  /**
   * Why `absPath` is denied, or undefined when it is not. An `.npmrc`, a
   * `.yarnrc.yml` and a `.git/config` are read (synchronously, the first
   * 256 KiB) to see whether they hold a credential. `dirCache`
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
    return contentReason(absPath, foldName(name), dir);
  }

  /**
   * Why `absPath` would be denied by its contents if it held `text` (an
   * editor's unsaved text of a file whose disk copy passed {@link deniedReason}),
   * or undefined.
   */
  deniedByText(absPath: string, text: string): string | undefined {
    return contentReason(absPath, foldName(basename(absPath)), dirname(absPath), text);
  }

  /**
   * ripgrep `--iglob` exclusions for the name patterns, so grep and glob never
   * open denied files. Results are still filtered with {@link deniedReason}
   * afterwards (folded names, `id_*` keys and credentials found by content are only caught there).
   */
  ripgrepExclusions(): string[] {
    const globs = [...new Set(this.patterns.map((p) => `!${p.endsWith('/') ? p.slice(0, -1) : p}`))];
    return globs.flatMap((g) => ['--iglob', g]);
  }
}

/** Why a file is denied by its contents (see {@link CONTENT_RULES}; `text` instead of the disk's), or undefined. */
function contentReason(absPath: string, folded: string, dir: string, text?: string): string | undefined {
  for (const rule of CONTENT_RULES) {
    if (rule.name !== folded) continue;
    if (rule.parent !== undefined && !dir.split(sep).some((part) => foldName(part) === rule.parent)) continue;
    if (rule.secret.test(text ?? readHead(absPath))) return rule.reason;
  }
  return undefined;
}

/** The first {@link CONTENT_SCAN_BYTES} of a file as text; '' when it cannot be read. */
function readHead(path: string): string {
  let fd: number | undefined;
  try {
    // O_NONBLOCK: a FIFO named `.npmrc` must not hang the check waiting for a writer.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const buffer = Buffer.alloc(CONTENT_SCAN_BYTES);
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.toString('utf8', 0, length);
  } catch {
    return ''; // unreadable or missing: nothing to leak through this check
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
