import picomatch from 'picomatch';
import type { Skill } from '../catalog/skill.ts';

interface CompiledGlob {
  /** The skill's position in the matcher's list, so results keep catalog order. */
  readonly index: number;
  readonly test: (path: string) => boolean;
}

/** Globs with no literal first segment (`**\/*.sql`, `{src,lib}/**`, negations) are tried for every path. */
const ANY = '\0any';

/**
 * Matches project-relative paths against the `paths:` globs of gated skills.
 * Each glob is compiled once (picomatch, `dot: true`: a glob may match hidden
 * directories such as `.github`), and filed under its literal first segment,
 * so a path is tried only against the globs that can match it: matching cost
 * stays flat as the catalog grows.
 */
export class PathMatcher {
  readonly #skills: readonly Skill[];
  readonly #bySegment = new Map<string, CompiledGlob[]>();

  /** @param skills the skills to match (those without `paths` are ignored). */
  constructor(skills: readonly Skill[]) {
    this.#skills = skills.filter((s) => s.paths !== undefined);
    this.#skills.forEach((skill, index) => {
      for (const glob of skill.paths!) {
        const { base, negated } = picomatch.scan(glob);
        const segment = base === '' || negated ? ANY : base.split('/')[0]!;
        const bucket = this.#bySegment.get(segment) ?? [];
        bucket.push({ index, test: picomatch(glob, { dot: true }) });
        this.#bySegment.set(segment, bucket);
      }
    });
  }

  /** True when no skill has a gate (nothing can ever match). */
  get isEmpty(): boolean {
    return this.#skills.length === 0;
  }

  /** The skills whose gate matches `path` (project-relative, `/`-separated), in catalog order. */
  match(path: string): Skill[] {
    const slash = path.indexOf('/');
    const first = slash === -1 ? path : path.slice(0, slash);
    const hits = new Set<number>();
    for (const bucket of [this.#bySegment.get(first), this.#bySegment.get(ANY)]) {
      if (!bucket) continue;
      for (const glob of bucket) if (!hits.has(glob.index) && glob.test(path)) hits.add(glob.index);
    }
    return [...hits].sort((a, b) => a - b).map((i) => this.#skills[i]!);
  }
}
