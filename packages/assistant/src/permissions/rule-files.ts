import type { PermissionDecision } from './permission-rule.ts';

/** Where an "always" answer holds: this session, the project's configuration file, or the user's (all projects). */
export type AlwaysScope = 'session' | 'project' | 'user';

/** A configuration file a rule can be saved to. */
export interface RuleFileRef {
  /** The file (the source name its rules carry in {@link PermissionRules.sources}). */
  readonly path: string;
  /** How the question names it: `.kodama/config.json`, `~/.config/kodama/config.json`. */
  readonly label: string;
}

/**
 * The configuration files the person can save "always" answers to and remove
 * rules from, and the careful edits of them (the CLI's: checked as kodama
 * reads the file, merged with the other keys kept, written whole). Only a
 * person's keystroke at a question (`p`, `u`) or a typed `/permissions
 * remove` reaches it; nothing the model sends does.
 */
export interface RuleFiles {
  /** The project's file, when saving there is offered: only in a trusted folder (an untrusted one's allow rules are ignored). */
  readonly project?: RuleFileRef;
  /** Why the project's file is not offered, said at the question. */
  readonly projectWhyNot?: string;
  /** The user's file (all projects). */
  readonly user?: RuleFileRef;
  /**
   * Adds an allow rule to `path` (the project's or the user's file); false when it already held it.
   *
   * @throws Error saying why nothing was written (a rule the parser refuses, a file kodama cannot read).
   */
  add(path: string, rule: string): Promise<boolean>;
  /**
   * Removes one rule from `path`, written exactly `rule`; false when the file no longer holds it.
   *
   * @throws Error saying why the file was left as it was.
   */
  remove(path: string, decision: PermissionDecision, rule: string): Promise<boolean>;
}
