import type { ToolEffectKind } from '@kodama/core';
import type { AlwaysScope, RuleFiles } from '../permissions/rule-files.ts';

/**
 * What a tool asks a person to approve: the same shape as
 * `@kodama/workspace`'s ConfirmRequest, declared here so the assistant
 * imports only core (TypeScript's structural typing lets the CLI pass the
 * assistant's confirmer wherever the workspace wants a Confirmer).
 */
export interface ConfirmRequest {
  readonly tool: string;
  /**
   * The kind of the call's declared effect, when the asker knows it (the edit
   * review: `writesFile`, and `detail` is then a unified diff). Without it a
   * request is read by the effect its tool's name stands for (the workspace's
   * `bash` asks with its command): a third-party tool cannot make its
   * question look like another by its name.
   */
  readonly effect?: ToolEffectKind;
  /** One line: what will happen. */
  readonly title: string;
  /** The command, or a unified diff for a `writesFile` review; '' when the title says it all. */
  readonly detail: string;
  /** Hidden content found while sanitizing (names from the workspace's sanitizer). */
  readonly warnings: readonly string[];
  /** The file a write or edit changes, as the model gave it (permission rules match it). */
  readonly path?: string;
}

/** Something that approves requests (the workspace's Confirmer contract: resolve false, never throw). */
export interface Confirmer {
  readonly reviewed: boolean;
  confirm(request: ConfirmRequest, signal?: AbortSignal): Promise<boolean>;
}

/**
 * A person's answer: yes; no, with an optional reason for the model; yes to
 * this rule from now on (`scope`: for the rest of the session, the default,
 * or saved to the project's or the user's configuration file); or
 * `unanswered` when no one could be asked (no terminal): refused, and
 * reported as unconfirmed, never as declined.
 */
export type ConfirmAnswer =
  | { readonly kind: 'yes' }
  | { readonly kind: 'no'; readonly reason?: string }
  | { readonly kind: 'always'; readonly scope?: AlwaysScope }
  | { readonly kind: 'unanswered' };

/** A question shown inline above the input. */
export interface ConfirmQuestion {
  readonly request: ConfirmRequest;
  /**
   * Whether "always" is offered: false for the taint gate, and when no rule
   * could allow the call (see `ruleOf`).
   */
  readonly allowAlways: boolean;
  /**
   * With {@link allowAlways}: the rule "always" keeps, as the rules judge it
   * from the project root. The prompt shows this text, so the rule a person
   * approves is the one written (without it the prompt works it out itself).
   */
  readonly rule?: string;
  /**
   * With {@link allowAlways}: the files "always" can also be saved to (`p`
   * the project's, `u` the user's), and why the project's is not offered.
   * None for a call whose text hides something: such a rule is never saved.
   */
  readonly alwaysFiles?: Pick<RuleFiles, 'project' | 'user' | 'projectWhyNot'>;
  /**
   * Set for the taint gate's question: the tools whose untrusted content is in
   * the conversation (the call can send data out after it).
   */
  readonly taintSources?: readonly string[];
  /**
   * False when no model waits on the answer (a slash command's own question,
   * `/undo`, `/rewind`): `n` then declines at once, with no reason to type.
   */
  readonly askReason?: boolean;
}

/** Shows a question and waits for the answer; resolves `no` when `signal` aborts. */
export type AskPerson = (question: ConfirmQuestion, signal?: AbortSignal) => Promise<ConfirmAnswer>;
