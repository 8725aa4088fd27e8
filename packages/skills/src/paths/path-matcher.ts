import { createRequire } from 'node:module';
import type picomatchType from 'picomatch';
import type { Skill } from '../catalog/skill.ts';

interface CompiledGlob {
  /** The skill's position in the matcher's list, so results keep catalog order. */
  readonly index: number;
  /** The literal text every match ends with (`.sql` for `**\/*.sql`), checked before the regex. */
  readonly suffix: string;
  readonly re: RegExp;
}

/** picomatch, required when the first matcher is built: an agent with no gated skill never loads it. */
let picomatch: typeof picomatchType | undefined;

/** Characters with a meaning in a glob; the literal tail of a glob is what follows the last of them. */
const SPECIAL = /[*?[\]{}()!+@\\]/;

/**
 * The literal end of `glob` that every match ends with ('' when it ends in a
 * pattern, or is negated). A leading `/` is dropped: in `**\/Dockerfile` the
 * globstar may match nothing, and `Dockerfile` alone matches.
 */
function literalSuffix(glob: string): string {
  if (glob.startsWith('!')) return '';
  let i = glob.length;
  while (i > 0 && !SPECIAL.test(glob[i - 1]!)) i--;
  return glob.slice(i).replace(/^\/+/, '');
}

/** The extension of a path or literal suffix (`ts` for `a/b.test.ts`), or undefined when its last part has none. */
function extensionOf(text: string): string | undefined {
  const dot = text.lastIndexOf('.');
  return dot === -1 || text.indexOf('/', dot) !== -1 ? undefined : text.slice(dot + 1);
}

/**
 * Matches project-relative paths against the `paths:` globs of gated skills.
 * Each glob is compiled once (picomatch, `dot: true`: a glob may match hidden
 * directories such as `.github`) and filed by what any match must have: its
 * literal base (`src/db` for `src/db/**\/*.sql`), or for a glob with none
 * (`**\/*.md`) the extension its literal end fixes. A path is tried only
 * against the globs filed under one of its own prefixes or its extension
 * (plus the few that fix neither, such as `{src,lib}/**` or negations), and a
 * literal-end check precedes each regex: matching cost follows the path's
 * depth, not the catalog's size.
 */
export class PathMatcher {
  readonly #skills: readonly Skill[];
  /** Globs with a literal base, by base. */
  readonly #byBase = new Map<string, CompiledGlob[]>();
  /** Globs with no base whose literal end fixes an extension, by extension. */
  readonly #byExtension = new Map<string, CompiledGlob[]>();
  /** Globs with neither. */
  readonly #anywhere: CompiledGlob[] = [];

  /** @param skills the skills to match (those without `paths` are ignored). */
  constructor(skills: readonly Skill[]) {
    this.#skills = skills.filter((s) => s.paths !== undefined);
    if (this.#skills.length > 0)
      picomatch ??= createRequire(import.meta.url)('picomatch') as typeof picomatchType;
    this.#skills.forEach((skill, index) => {
      for (const glob of skill.paths!) {
        const scanned = picomatch!.scan(glob);
        const suffix = literalSuffix(glob);
        const compiled = { index, suffix, re: picomatch!.makeRe(glob, { dot: true }) };
        const base = scanned.negated ? '' : scanned.base;
        const extension = extensionOf(suffix);
        if (base !== '') file(this.#byBase, base, compiled);
        else if (extension !== undefined) file(this.#byExtension, extension, compiled);
        else this.#anywhere.push(compiled);
      }
    });
  }

  /** True when no skill has a gate (nothing can ever match). */
  get isEmpty(): boolean {
    return this.#skills.length === 0;
  }

  /** The skills whose gate matches `path` (project-relative, `/`-separated), in catalog order. */
  match(path: string): Skill[] {
    const hits: number[] = [];
    const extension = extensionOf(path);
    if (extension !== undefined) tryGlobs(this.#byExtension.get(extension), path, hits);
    tryGlobs(this.#anywhere, path, hits);
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      tryGlobs(this.#byBase.get(path.slice(0, slash)), path, hits);
    }
    tryGlobs(this.#byBase.get(path), path, hits);
    if (hits.length === 0) return [];
    return hits.sort((a, b) => a - b).map((i) => this.#skills[i]!);
  }
}

function file(map: Map<string, CompiledGlob[]>, key: string, glob: CompiledGlob): void {
  const bucket = map.get(key);
  if (bucket) bucket.push(glob);
  else map.set(key, [glob]);
}

/** Adds to `hits` the index of each glob in `globs` that matches `path` (each index once). */
function tryGlobs(globs: readonly CompiledGlob[] | undefined, path: string, hits: number[]): void {
  if (!globs) return;
  for (const glob of globs) {
    if (!path.endsWith(glob.suffix) || hits.includes(glob.index)) continue;
    if (glob.re.test(path)) hits.push(glob.index);
  }
}
