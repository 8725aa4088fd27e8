import { resolve } from 'node:path';
import type { Extension, ExtensionContext, TrifectaLegs } from '@kodama/core';
import {
  type Configurator,
  defineExtensionKey,
  type ExtensionKey,
  type ExtensionToolCall,
  type TrifectaContribution,
} from '@kodama/core/extensions';
import type { HistoryMessage } from '@kodama/core/history';
import { Activation, type ActivationView } from '../activation/activation.ts';
import { PathActivation } from '../activation/path-activation.ts';
import { promotedInHistory, promotionMessage } from '../activation/promotion-message.ts';
import type { Skill } from '../catalog/skill.ts';
import type { SkillCatalog } from '../catalog/skill-catalog.ts';
import { PathMatcher } from '../paths/path-matcher.ts';
import { availableSkillsSnippet } from './available-skills.ts';
import { skillTool } from './skill-tool.ts';
import { skillsLegs } from './skills-legs.ts';

/** How a {@link SkillsExtension} is built. */
export interface SkillsExtensionOptions {
  /** The skills (from `loadSkillCatalog`); an empty catalog makes the extension add nothing. */
  readonly catalog: SkillCatalog;
  /** The project root the `paths:` globs and the model's paths are relative to. */
  readonly root: string;
}

/**
 * Skills for one agent: an `<available_skills>` section in the system prompt,
 * the `skill` tool, and path-gated activation (its `onToolCall` hook promotes
 * a gated skill when the model is about to touch a file it covers, announced
 * in the same turn through `ExtensionContext.interject`).
 *
 * Its state is derived from the conversation: the promotion messages carry
 * their skill names, so a loaded history (export/load, a continued session)
 * rebuilds which skills are promoted, and clearing the conversation resets it.
 */
export class SkillsExtension implements Extension {
  /** Finds the extension on an agent: `findExtension(agent.extensions, SkillsExtension.key)`. */
  static readonly key: ExtensionKey<SkillsExtension> = defineExtensionKey('skills');
  readonly name: string = SkillsExtension.key;
  /** The skills this extension serves. */
  readonly catalog: SkillCatalog;
  readonly #root: string;
  readonly #activation = new Activation();
  readonly #legs: TrifectaLegs;
  #context: ExtensionContext | undefined;
  #paths: PathActivation | undefined;

  constructor(options: SkillsExtensionOptions) {
    this.catalog = options.catalog;
    this.#root = resolve(options.root);
    this.#legs = skillsLegs(options.catalog);
  }

  /** The promoted skills' names, in promotion order. */
  get activeSkills(): readonly string[] {
    return this.#activation.names;
  }

  /** A read-only snapshot of the activation, for a sub-agent's `skill` tool: it can promote nothing. */
  sealedActivation(): ActivationView {
    return this.#activation.sealed();
  }

  /** Adds the `skill` tool, and path activation when some skill is gated; nothing for an empty catalog. */
  configure(c: Configurator): void {
    if (this.catalog.isEmpty) return;
    c.addTool(skillTool({ catalog: this.catalog, activation: this.#activation, trifectaLegs: this.#legs }));
    const matcher = new PathMatcher(this.catalog.gated);
    if (matcher.isEmpty) return;
    this.#paths = new PathActivation({
      activation: this.#activation,
      matcher,
      root: this.#root,
      onPromote: (skills, path) => this.#announce(skills, path),
    });
  }

  /** Promotes the gated skills a file the call is about to touch fires (see {@link PathActivation}). */
  onToolCall(_context: ExtensionContext, call: ExtensionToolCall): void {
    this.#paths?.onToolCall(call);
  }

  /** Keeps the context: promotions are interjected through it. */
  bind(context: ExtensionContext): void {
    this.#context = context;
  }

  /** A cleared conversation has promoted nothing. */
  onConversationReset(): void {
    this.#activation.reset();
  }

  /** Rebuilds the promotions from the loaded conversation's promotion messages. */
  onHistoryLoaded(_context: ExtensionContext, messages: readonly HistoryMessage[]): void {
    const gated = new Set(this.catalog.gated.map((s) => s.name));
    this.#activation.restore(promotedInHistory(messages).filter((name) => gated.has(name)));
  }

  /** The `<available_skills>` section (always-on skills), or nothing for an empty catalog. */
  systemPromptSnippets(): readonly string[] {
    return this.catalog.isEmpty ? [] : [availableSkillsSnippet(this.catalog.alwaysOn)];
  }

  /** The legs of {@link skillsLegs} under `extension:skills`; none for an empty catalog. */
  trifectaContribution(): TrifectaContribution {
    return this.catalog.isEmpty ? {} : { legs: { 'extension:skills': this.#legs } };
  }

  /** Queues the promotion; the loop delivers it (narrated as a mid-loop `user-turn`) after the tool batch. */
  #announce(skills: Skill[], path: string): void {
    this.#context?.interject(promotionMessage(skills, path));
  }
}
