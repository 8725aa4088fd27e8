import {
  type PermissionDecision,
  type PermissionRule,
  type PermissionSubject,
  parseRule,
  simpleCommands,
} from './permission-rule.ts';

/** Rules as a configuration file writes them. */
export interface PermissionConfig {
  readonly allow?: readonly string[];
  readonly ask?: readonly string[];
  readonly deny?: readonly string[];
}

/** Rules from one place: a configuration file, or the session's "always" answers. */
export interface RuleSource {
  /** Where they come from, for messages: a file path, `this session`. */
  readonly name: string;
  readonly allow: readonly PermissionRule[];
  readonly ask: readonly PermissionRule[];
  readonly deny: readonly PermissionRule[];
}

/** A decision with the rule and the place that made it. */
export interface RuledDecision {
  readonly decision: PermissionDecision;
  readonly rule: string;
  readonly source: string;
}

/**
 * Parses the `permissions` of one configuration file.
 *
 * @throws Error naming the key (`permissions.allow[2]`) and the problem.
 */
export function ruleSource(name: string, config: PermissionConfig): RuleSource {
  const parse = (key: 'allow' | 'ask' | 'deny'): PermissionRule[] =>
    (config[key] ?? []).map((text, i) => {
      try {
        return parseRule(text);
      } catch (error) {
        throw new Error(`permissions.${key}[${i}]: ${(error as Error).message}`);
      }
    });
  return { name, allow: parse('allow'), ask: parse('ask'), deny: parse('deny') };
}

/**
 * The permission rules in effect, most important place first (the project's
 * file, then the user's, then this session's "always" answers). The first
 * place with a rule matching a call decides it; within one place deny beats
 * ask beats allow. A bash command line is judged per simple command: denied
 * when any part is denied, allowed only when every part is allowed, and
 * never allowed when it substitutes commands or writes a file by redirection.
 */
export class PermissionRules {
  readonly #sources: RuleSource[];
  readonly #session: { name: string; allow: PermissionRule[]; ask: never[]; deny: never[] };

  constructor(
    sources: readonly RuleSource[],
    private readonly root: string,
  ) {
    this.#session = { name: 'this session', allow: [], ask: [], deny: [] };
    this.#sources = [...sources, this.#session];
  }

  /** Allows a rule for the rest of the session (`a` at a confirmation). */
  allowForSession(rule: string): void {
    this.#session.allow.push(parseRule(rule));
  }

  /** Forgets the session's rules (a new session). */
  resetSession(): void {
    this.#session.allow.length = 0;
  }

  /** The rules of every place, for `/permissions` and the start notice. */
  get sources(): readonly RuleSource[] {
    return this.#sources;
  }

  /** What the rules say about a call; undefined when no rule matches (the default: ask where tools ask). */
  decide(subject: PermissionSubject): RuledDecision | undefined {
    if (subject.tool !== 'bash' || subject.command === undefined) return this.#decideOne(subject);
    const parts = simpleCommands(subject.command);
    if (parts === undefined) {
      // Denials still count for what can be read; nothing is allowed.
      const whole = this.#decideOne(subject);
      return whole?.decision === 'allow' ? { ...whole, decision: 'ask' } : whole;
    }
    const decisions = parts.map((command) => this.#decideOne({ tool: 'bash', command }));
    const denied = decisions.find((d) => d?.decision === 'deny');
    if (denied) return denied;
    const asked = decisions.find((d) => d?.decision === 'ask');
    if (asked) return asked;
    if (decisions.length > 0 && decisions.every((d) => d?.decision === 'allow')) return decisions[0];
    return undefined;
  }

  #decideOne(subject: PermissionSubject): RuledDecision | undefined {
    for (const source of this.#sources) {
      for (const decision of ['deny', 'ask', 'allow'] as const) {
        const rule = source[decision].find((r) => r.matches(subject, this.root));
        if (rule) return { decision, rule: rule.text, source: source.name };
      }
    }
    return undefined;
  }
}
