import { isGated, type Skill } from './skill.ts';
import type { SkillWarning } from './skill-warning.ts';

/**
 * The skills an agent may use, by name, with the warnings found while
 * reading them. The first skill of a name wins; each later one is dropped
 * with a warning naming where the winner lives.
 */
export class SkillCatalog {
  /** No skills: the skills extension then adds nothing to its agent. */
  static readonly EMPTY = new SkillCatalog([]);

  /** The skills, in precedence order (the order they were found). */
  readonly skills: readonly Skill[];
  /** Everything found wrong while scanning, errors and warnings, in the order found. */
  readonly warnings: readonly SkillWarning[];
  readonly #byName = new Map<string, Skill>();

  /** @param skills in precedence order: on a name clash the earlier one wins. */
  constructor(skills: readonly Skill[], warnings: readonly SkillWarning[] = []) {
    const kept: Skill[] = [];
    const all = [...warnings];
    for (const skill of skills) {
      const winner = this.#byName.get(skill.name);
      if (winner) {
        all.push({
          location: skill.location,
          skill: skill.name,
          severity: 'warning',
          rule: 'duplicate',
          message: `skill "${skill.name}" is already defined at ${winner.location}; this one is ignored`,
        });
        continue;
      }
      this.#byName.set(skill.name, skill);
      kept.push(skill);
    }
    this.skills = Object.freeze(kept);
    this.warnings = Object.freeze(all);
  }

  /** True when the catalog holds no skill. */
  get isEmpty(): boolean {
    return this.skills.length === 0;
  }

  /** The skill of that name, if any. */
  get(name: string): Skill | undefined {
    return this.#byName.get(name);
  }

  /** Skills listed from the start (no `paths:` gate). */
  get alwaysOn(): readonly Skill[] {
    return this.skills.filter((s) => !isGated(s));
  }

  /** Skills listed only once a file their `paths:` gate matches is touched. */
  get gated(): readonly Skill[] {
    return this.skills.filter(isGated);
  }

  /** The problems of severity `error`: files that break a MUST of the Agent Skills format. */
  get errors(): readonly SkillWarning[] {
    return this.warnings.filter((w) => w.severity === 'error');
  }

  /** The warnings about one `SKILL.md` (by its absolute path). */
  warningsAt(location: string): readonly SkillWarning[] {
    return this.warnings.filter((w) => w.location === location);
  }
}
