import type { AgentEvent, Listener } from '@kodama/core';
import type { Skill } from '../catalog/skill.ts';
import type { PathMatcher } from '../paths/path-matcher.ts';
import { workspaceRelative } from '../paths/workspace-relative.ts';
import type { ActivationView } from './activation.ts';

/**
 * Tools whose `path` argument names a file the model means to touch. An
 * allowlist, not a convention about argument names: grep and glob take a
 * `path` too, but theirs is a search root, and one repo-wide grep would
 * activate half the catalog at once.
 */
export const TOUCH_TOOLS: readonly string[] = Object.freeze(['read', 'write', 'edit']);

/** What a {@link PathActivationListener} works with. */
export interface PathActivationListenerOptions {
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
 * Watches the tool stream for a file the model is about to touch and promotes
 * the path-gated skills that file fires (pikuri's PathActivationListener).
 *
 * It reads the model's arguments at the `tool-call` event, before the tool
 * runs, so a read of a missing file or a write the human then declines
 * promotes anyway: over-firing costs a few hundred bytes, under-firing
 * withholds the skill when it was wanted. It is also what lands the
 * promotion in the same turn: what `onPromote` interjects is delivered as
 * soon as the running tool batch is answered. The path is resolved
 * lexically (see `workspaceRelative`); one outside the root is dropped.
 *
 * Contract: sub-agents never run it (`forSubAgent` answers `undefined`): it
 * holds its agent's activation, and a child reading a file must neither
 * change the parent's state nor queue onto the parent.
 */
export class PathActivationListener implements Listener {
  readonly name = 'PathActivationListener';
  readonly #options: PathActivationListenerOptions;

  constructor(options: PathActivationListenerOptions) {
    this.#options = options;
  }

  /** Promotes on `tool-call` events of {@link TOUCH_TOOLS}; ignores everything else. */
  onEvent(event: AgentEvent): void {
    if (event.type !== 'tool-call' || !TOUCH_TOOLS.includes(event.name)) return;
    const { activation, matcher, root, onPromote } = this.#options;
    const path = workspaceRelative(root, pathArgument(event.arguments));
    if (path === undefined) return;
    const promoted = activation.activate(matcher.match(path));
    if (promoted.length > 0) onPromote(promoted, path);
  }

  /** None: sub-agents get no promotions at all. */
  forSubAgent(): undefined {
    return undefined;
  }
}

/** The `path` of raw tool arguments, or `undefined` (malformed JSON included: the tool will say so). */
function pathArgument(json: string): unknown {
  try {
    const args: unknown = JSON.parse(json);
    return typeof args === 'object' && args !== null ? (args as { path?: unknown }).path : undefined;
  } catch {
    return undefined;
  }
}
