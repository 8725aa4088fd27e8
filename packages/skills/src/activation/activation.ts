import type { Skill } from '../catalog/skill.ts';

/** What a `skill` tool and a path listener need of activation state. */
export interface ActivationView {
  /** True when the gated skill of that name has been promoted in this conversation. */
  isActive(name: string): boolean;
  /**
   * Marks the skills active; answers with those that were not active
   * before, in the order given (each name once). Nothing fires twice.
   */
  activate(skills: readonly Skill[]): Skill[];
}

/**
 * One conversation's gate state: which path-gated skills have been promoted.
 * It lives as long as the conversation it describes: reset when the
 * conversation is cleared, rebuilt from the promotion messages when a
 * history is loaded.
 */
export class Activation implements ActivationView {
  readonly #active = new Set<string>();

  /** {@inheritDoc ActivationView.isActive} */
  isActive(name: string): boolean {
    return this.#active.has(name);
  }

  /** {@inheritDoc ActivationView.activate} */
  activate(skills: readonly Skill[]): Skill[] {
    const fresh: Skill[] = [];
    for (const skill of skills) {
      if (this.#active.has(skill.name)) continue;
      this.#active.add(skill.name);
      fresh.push(skill);
    }
    return fresh;
  }

  /** The promoted skills' names, in promotion order. */
  get names(): readonly string[] {
    return [...this.#active];
  }

  /** Forgets every promotion (the conversation was cleared). */
  reset(): void {
    this.#active.clear();
  }

  /** Replaces the state with these names (a loaded conversation's promotions). */
  restore(names: Iterable<string>): void {
    this.#active.clear();
    for (const name of names) this.#active.add(name);
  }

  /**
   * A read-only snapshot for a sub-agent: it sees what is active now and
   * can promote nothing (its `activate` always answers `[]`), so a child
   * touching a file never changes its parent's state.
   */
  sealed(): ActivationView {
    return sealedActivation(this.names);
  }
}

/** An activation that never changes: `names` are active, `activate` answers `[]`. */
export function sealedActivation(names: Iterable<string> = []): ActivationView {
  const active = new Set(names);
  return Object.freeze({ isActive: (name: string) => active.has(name), activate: () => [] });
}
