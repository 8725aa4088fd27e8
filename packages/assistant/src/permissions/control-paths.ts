import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import type { SimpleCommand } from '@kodama/shell';
import picomatch from 'picomatch';
import { insideOrAbsolute, realPathSync } from './real-path.ts';

/**
 * Control files: what decides what kodama, git or CI will run next. Writing
 * them always asks a person (see `PermissionRules`). A path is one when one of
 * its segments is `.kodama` or `.git` (any depth: nested repositories and
 * submodules too), it is a `.mcp.json`, or it lies under `.github/workflows`;
 * segments compare without case (a case-insensitive file system is the same file).
 */
const CONTROL_SEGMENTS = /(^|\/)(\.kodama|\.git)(\/|$)|(^|\/)\.mcp\.json$|(^|\/)\.github\/workflows(\/|$)/i;

/** The control folders and files as path segments, for globs (`.g?t/hooks/x` reaches `.git`). */
const CONTROL_ROOTS: readonly (readonly string[])[] = [
  ['.git'],
  ['.kodama'],
  ['.mcp.json'],
  ['.github', 'workflows'],
];

/**
 * True when a bash glob could expand to a path in or at a control root, at
 * any depth: its segments, from some point on, match a root's segments. A
 * `*` does not match a leading dot (bash's default), `**` matches anything.
 */
function globReachesControl(glob: string): boolean {
  const segments = glob.split('/').filter((s) => s !== '' && s !== '.');
  for (let at = 0; at < segments.length; at++) {
    for (const root of CONTROL_ROOTS) {
      const ok = root.every((name, i) => {
        const segment = segments[at + i];
        if (segment === undefined) return false;
        return segment === '**' || picomatch(segment, { dot: false, nocase: true })(name);
      });
      if (ok) return true;
    }
  }
  return false;
}

/** A word that names a path in a control folder anywhere in its text (`python -c "open('.git/hooks/x', 'w')"`). */
const CONTROL_MENTION = /(^|[^\w-])(\.kodama|\.git)\/|\.mcp\.json|\.github\/workflows/i;

/** Where control files are looked for in one decision: the root, and the user's configuration folders. */
export class ControlPaths {
  readonly #root: string;
  readonly #realRoot: string;
  readonly #userDirs: string[];
  readonly #home: string;
  readonly #configHome: string;

  constructor(root: string, env: NodeJS.ProcessEnv) {
    this.#root = resolve(root);
    this.#realRoot = realPathSync(this.#root);
    this.#home = env.HOME || homedir();
    this.#configHome = env.XDG_CONFIG_HOME || join(this.#home, '.config');
    // $XDG_CONFIG_HOME/kodama, ~/.config/kodama, ~/.kodama; as written and as real paths.
    const dirs = [
      join(this.#configHome, 'kodama'),
      join(this.#home, '.config', 'kodama'),
      join(this.#home, '.kodama'),
    ];
    this.#userDirs = [...new Set(dirs.flatMap((d) => [resolve(d), realPathSync(resolve(d))]))];
  }

  /**
   * The control file an absolute path names, shown relative to the root when
   * inside it (`.git/hooks/pre-commit`); undefined for an ordinary file. The
   * path is judged as written and as its real path (a symlink
   * `docs/x -> ../.git/hooks` makes `docs/x/pre-commit` a control file).
   */
  path(abs: string): string | undefined {
    const real = realPathSync(abs);
    for (const dir of this.#userDirs) {
      if (real === dir || real.startsWith(dir + sep) || abs === dir || abs.startsWith(dir + sep)) return real;
    }
    for (const [path, base] of [
      [abs, this.#root],
      [real, this.#realRoot],
    ] as const) {
      const shown = insideOrAbsolute(path, base);
      if (CONTROL_SEGMENTS.test(shown)) return shown;
    }
    return undefined;
  }

  /**
   * The first control file bash commands name: in any word or redirection
   * target (resolved from the root, through symlinks; `~` and `$HOME`
   * expanded), in a word's text (`bash -c "… > .git/hooks/x"`), through a
   * glob that could reach one (`.g*`), or `.git/config` for a `git config`
   * that sets a key. Undefined when they name none. Reading one
   * (`cat .git/config`) counts too: bash's words do not say whether a file is
   * read or written.
   */
  bash(commands: readonly SimpleCommand[]): string | undefined {
    for (const command of commands) {
      if (gitConfigWrites(command)) return '.git/config';
      for (const word of [...command.words.map((w) => w.value), ...command.redirects.map((r) => r.target)]) {
        const found = this.#word(word);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  #word(word: string): string | undefined {
    const eq = word.indexOf('=');
    for (const candidate of eq > 0 ? [word, word.slice(eq + 1)] : [word]) {
      const expanded = candidate
        .replace(/^~(?=\/|$)/, this.#home)
        .replace(/\$\{?HOME\}?/g, this.#home)
        .replace(/\$\{?XDG_CONFIG_HOME\}?/g, this.#configHome);
      if (expanded === '') continue;
      if (CONTROL_MENTION.test(expanded)) return expanded;
      if (/[*?[]/.test(expanded)) {
        if (globReachesControl(expanded)) return expanded;
        continue;
      }
      const found = this.path(resolve(this.#root, expanded));
      if (found !== undefined) return found;
    }
    return undefined;
  }
}

/** True when `git config` is asked to change `.git/config` (not `--get`, `--list`, or a read of one key). */
function gitConfigWrites(command: SimpleCommand): boolean {
  const args = command.args;
  const at = args.indexOf('config');
  if (command.name.split('/').pop() !== 'git' || at === -1) return false;
  const rest = args.slice(at + 1);
  if (rest.some((a) => /^(--get|--list|-l$|--show)/.test(a))) return false;
  return (
    rest.filter((a) => !a.startsWith('-')).length >= 2 ||
    rest.some((a) => /^(--(unset|add|replace|rename|remove|edit)|-e$)/.test(a))
  );
}
