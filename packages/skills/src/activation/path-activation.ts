import type { ToolEffect } from '@kodama/core';
import type { ExtensionToolCall } from '@kodama/core/extensions';
import type { Skill } from '../catalog/skill.ts';
import type { PathMatcher } from '../paths/path-matcher.ts';
import { workspaceRelative } from '../paths/workspace-relative.ts';
import type { ActivationView } from './activation.ts';

/** What a {@link PathActivation} works with. */
export interface PathActivationOptions {
  /** The conversation's gate state. */
  readonly activation: ActivationView;
  /** The gated skills' globs. */
  readonly matcher: PathMatcher;
  /** Absolute project root the model's paths are resolved against. */
  readonly root: string;
  /** Called with the newly activated skills (never empty) and the project-relative path that fired them. */
  readonly onPromote: (skills: Skill[], path: string) => void;
}

/**
 * The files a call touches, by the tool's declared effects: what it reads or
 * writes. Not a search root (`searches`): one repo-wide grep would activate
 * half the catalog at once.
 */
export function touchedPaths(effects: readonly ToolEffect[]): string[] {
  return effects.flatMap((e) =>
    e.kind === 'writesFile' || (e.kind === 'readsPath' && e.searches !== true) ? [e.path] : [],
  );
}

/**
 * Promotes the path-gated skills a file fires when the model is about to
 * touch it (pikuri's PathActivationListener, as the skills extension's
 * `onToolCall` hook: an extension that acts uses a hook, not a listener).
 * Which calls touch a file is what the called tool declares (its effects
 * for the validated arguments: a file read or written), never its name.
 *
 * It runs before the call does, so a read of a missing file or a write the
 * human then declines promotes anyway: over-firing costs a few hundred
 * bytes, under-firing withholds the skill when it was wanted. It is also
 * what lands the promotion in the same turn: what `onPromote` interjects is
 * delivered as soon as the running tool batch is answered. The path is
 * resolved lexically (see `workspaceRelative`); one outside the root is
 * dropped. Sub-agents never run it: extensions are not inherited, so a
 * child reading a file neither changes the parent's state nor queues onto it.
 */
export class PathActivation {
  readonly #options: PathActivationOptions;

  constructor(options: PathActivationOptions) {
    this.#options = options;
  }

  /** Promotes what the call's touched files fire; nothing for a call that touches no file. */
  onToolCall(call: ExtensionToolCall): void {
    const { activation, matcher, root, onPromote } = this.#options;
    for (const given of touchedPaths(call.effects)) {
      const path = workspaceRelative(root, given);
      if (path === undefined) continue;
      const promoted = activation.activate(matcher.match(path));
      if (promoted.length > 0) onPromote(promoted, path);
    }
  }
}
