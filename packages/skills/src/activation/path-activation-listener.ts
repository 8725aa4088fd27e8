import { type AgentEvent, type AnyTool, effectsOf, type Listener, type ToolEffect } from '@kodama/core';
import type { Skill } from '../catalog/skill.ts';
import type { PathMatcher } from '../paths/path-matcher.ts';
import { workspaceRelative } from '../paths/workspace-relative.ts';
import type { ActivationView } from './activation.ts';

/** What a {@link PathActivationListener} works with. */
export interface PathActivationListenerOptions {
  /** The conversation's gate state. */
  readonly activation: ActivationView;
  /** The gated skills' globs. */
  readonly matcher: PathMatcher;
  /** Absolute project root the model's paths are resolved against. */
  readonly root: string;
  /** The agent's model-callable tools now (a tool-call event names one; its declared effects say what it touches). */
  readonly tools: () => readonly AnyTool[];
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
 * Watches the tool stream for a file the model is about to touch and promotes
 * the path-gated skills that file fires (pikuri's PathActivationListener).
 * Which calls touch a file is what the called tool declares (`Tool.effects`:
 * a file read or written), never its name.
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

  /** Promotes on `tool-call` events whose call reads or writes a gated file; ignores everything else. */
  onEvent(event: AgentEvent): void {
    if (event.type !== 'tool-call') return;
    const { activation, matcher, root, tools, onPromote } = this.#options;
    const tool = tools().find((t) => t.name === event.name);
    if (tool?.effects === undefined) return;
    for (const given of touchedPaths(callEffects(tool, event.arguments))) {
      const path = workspaceRelative(root, given);
      if (path === undefined) continue;
      const promoted = activation.activate(matcher.match(path));
      if (promoted.length > 0) onPromote(promoted, path);
    }
  }

  /** None: sub-agents get no promotions at all. */
  forSubAgent(): undefined {
    return undefined;
  }
}

/**
 * The effects of a call from its raw arguments, validated as the tool will;
 * none when they do not validate (malformed JSON included: the tool will say
 * so) or the tool's `of` throws (the call will fail).
 */
function callEffects(tool: AnyTool, json: string): readonly ToolEffect[] {
  try {
    const checked = tool.parameters.validate(json.trim() === '' ? {} : JSON.parse(json));
    return checked.ok ? effectsOf(tool, checked.value) : [];
  } catch {
    return [];
  }
}
