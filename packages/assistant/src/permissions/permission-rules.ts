import { resolve } from 'node:path';
import { ControlPaths } from './control-paths.ts';
import { applyHookVerdict } from './hook-verdict.ts';
import { innerCommands } from './inner-commands.ts';
import { narrowestRule } from './narrowest-rule.ts';
import { modeDecision, type PermissionMode } from './permission-mode.ts';
import {
  type MatchMode,
  type PermissionDecision,
  type PermissionRule,
  type PermissionSubject,
  parseRule,
  type RuleTarget,
  subjectKind,
} from './permission-rule.ts';
import { pathViews } from './real-path.ts';
import { shellParser } from './shell-parser.ts';

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
  /**
   * Set when the call writes (or, for bash, names) a control file: the file
   * (`.git/hooks/pre-commit`, `.kodama/config.json`). The decision is then
   * `ask` (a person must approve, whatever the rules and `--yes` say), or
   * `allow` when no person can be asked and an allow rule names exactly that
   * file or command (`edit(.mcp.json)`); {@link permissionGate} enforces it.
   */
  readonly protected?: string;
  /** bash: why the line is beyond the plain subset, when it is (allow rules then ask). */
  readonly beyond?: readonly string[];
  /** Set when the permission mode, not a rule, decided (plan mode's refusal, accept-edits' and bypass' allowing). */
  readonly mode?: PermissionMode;
}

/** Options of {@link PermissionRules}. */
export interface PermissionRulesOptions {
  /**
   * True (the default) when a person can be asked in this run; false for
   * headless runs (`kodama -p` without a terminal), where a control file may
   * be written only when an allow rule names it exactly.
   */
  readonly person?: boolean;
  /** Where the user's configuration is (`XDG_CONFIG_HOME`, `HOME`): protected like the project's control files. */
  readonly env?: NodeJS.ProcessEnv;
  /** The permission mode to start in (default `default`); see {@link PermissionRules.mode}. */
  readonly mode?: PermissionMode;
}

/** A place's rules as this class keeps them: its own lists, changed by saves and removals. */
interface EditableSource {
  readonly name: string;
  readonly allow: PermissionRule[];
  readonly ask: PermissionRule[];
  readonly deny: PermissionRule[];
}

/** The source name of the control-file protection, shown in questions and refusals. */
const PROTECTION = 'kodama (control files always ask)';

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
 * ask beats allow.
 *
 * A bash command line is read by a real shell parser (@kodama/shell) and
 * judged per simple command: denied when a deny rule matches any command in
 * it (also one hidden in a substitution, a loop, a `bash -c` string or behind
 * `sudo`, `env`, `xargs`, `find -exec`); allowed only when every command
 * matches an allow rule on its unquoted words and nothing in the line is
 * beyond the plain subset (substitutions, heredocs, `$'…'`, redirection to a
 * file, `eval`, …); otherwise asked. File rules judge the real path (after
 * `.`, `..` and symlinks): an allow rule only what the path really is, a
 * deny or ask rule also the path as written.
 *
 * Control files (`.kodama/**`, `.mcp.json`, `.git/**`, `.github/workflows/**`,
 * the user's configuration) are never allowed by a rule alone: see
 * {@link RuledDecision.protected}.
 */
export class PermissionRules {
  readonly #sources: EditableSource[];
  readonly #session: EditableSource;
  readonly #person: boolean;
  readonly #env: NodeJS.ProcessEnv;
  /**
   * The permission mode every decision is judged in, changed by the person
   * (Shift+Tab, plan approval); see {@link modeDecision}.
   */
  mode: PermissionMode;

  constructor(
    sources: readonly RuleSource[],
    private readonly root: string,
    options: PermissionRulesOptions = {},
  ) {
    this.#session = { name: 'this session', allow: [], ask: [], deny: [] };
    // Copies: a rule saved to or removed from a file changes these, never the caller's lists.
    const copy = (s: RuleSource): EditableSource => ({
      name: s.name,
      allow: [...s.allow],
      ask: [...s.ask],
      deny: [...s.deny],
    });
    this.#sources = [...sources.map(copy), this.#session];
    this.#person = options.person ?? true;
    this.#env = options.env ?? process.env;
    this.mode = options.mode ?? 'default';
  }

  /** Allows a rule for the rest of the session (`a` at a confirmation). */
  allowForSession(rule: string): void {
    this.#session.allow.push(parseRule(rule));
  }

  /** Forgets one of the session's "always" rules, by its text; false when the session has none such. */
  forgetSessionRule(text: string): boolean {
    const at = this.#session.allow.findIndex((r) => r.text === text);
    if (at < 0) return false;
    this.#session.allow.splice(at, 1);
    return true;
  }

  /**
   * Allows a rule saved to configuration file `file` (a person's "always" for
   * the project or for all projects): in effect at once, named by that file.
   * It joins the file's allow rules (after every place's deny and ask rules,
   * as {@link layeredRules} orders them), or a place of its own before the
   * session's when the file had none.
   *
   * @throws Error when `rule` is not a rule.
   */
  allowFromFile(file: string, rule: string): void {
    const parsed = parseRule(rule);
    const places = this.#sources.filter((s) => s.name === file);
    const allowing = places.at(-1);
    if (allowing !== undefined && allowing.deny.length === 0 && allowing.ask.length === 0)
      allowing.allow.push(parsed);
    else
      this.#sources.splice(this.#sources.length - 1, 0, { name: file, allow: [parsed], ask: [], deny: [] });
  }

  /** Forgets one rule of place `source` (a file's, removed from that file), by its kind and text; false when it has none such. */
  forgetRule(source: string, decision: PermissionDecision, text: string): boolean {
    for (const place of this.#sources) {
      if (place.name !== source) continue;
      const at = place[decision].findIndex((r) => r.text === text);
      if (at < 0) continue;
      place[decision].splice(at, 1);
      return true;
    }
    return false;
  }

  /** Forgets the session's rules (a new session). */
  resetSession(): void {
    this.#session.allow.length = 0;
  }

  /** The rules of every place, for `/permissions` and the start notice. */
  get sources(): readonly RuleSource[] {
    return this.#sources;
  }

  /** True when a person can be asked in this run (see {@link PermissionRulesOptions.person}). */
  get person(): boolean {
    return this.#person;
  }

  /**
   * What the rules, in the current {@link mode}, say about a call; undefined
   * when nothing decides it (the default: ask where tools ask).
   */
  decide(subject: PermissionSubject): RuledDecision | undefined {
    const ruled = modeDecision(this.mode, subject, subjectKind(subject), this.#byRules(subject), this.root);
    // A PreToolUse hook's allow or ask for the running call (never over a deny or a control file).
    return applyHookVerdict(subject, ruled);
  }

  /** What the rules alone say about a call (the default mode). */
  #byRules(subject: PermissionSubject): RuledDecision | undefined {
    const kind = subjectKind(subject);
    const of = { tool: subject.tool, ...(kind !== undefined ? { kind } : {}) };
    if (kind === 'runsCommand' && subject.command !== undefined) return this.#decideBash(of, subject.command);
    if (subject.path === undefined) return this.#decideOne(of, 'allow');
    const paths = pathViews(subject.path, this.root);
    const ruled = this.#decideOne({ ...of, paths }, 'allow');
    // Control files are protected from every call that writes them, whichever tool declares it.
    if (ruled?.decision === 'deny' || kind !== 'writesFile') return ruled;
    const control = new ControlPaths(this.root, this.#env).path(resolve(this.root, subject.path));
    if (control === undefined) return ruled;
    const exact = this.#sources
      .flatMap((s) => s.allow.map((rule) => ({ rule, source: s.name })))
      .find(
        ({ rule }) =>
          rule.glob !== undefined &&
          !/[*?[\]{}()!]/.test(rule.glob) &&
          rule.covers({ ...of, paths }, 'allow') &&
          pathViews(rule.glob, this.root).real === paths.real,
      );
    return this.#protectedDecision(control, exact);
  }

  /**
   * The narrowest rule that would allow this call, checked against these
   * rules (a deny or ask rule that would still catch it, or a control file
   * that always asks, gives undefined): see {@link narrowestRule}.
   */
  narrowestRule(subject: PermissionSubject): string | undefined {
    const rule = narrowestRule(subject, this.root);
    if (rule === undefined) return undefined;
    const trial = new PermissionRules(this.#sources.slice(0, -1), this.root, {
      person: this.#person,
      env: this.#env,
    });
    for (const r of this.#session.allow) trial.allowForSession(r.text);
    trial.allowForSession(rule);
    return trial.decide(subject)?.decision === 'allow' ? rule : undefined;
  }

  /** A call that runs a command line: judged per simple command (see the class). */
  #decideBash(of: Omit<RuleTarget, 'command'>, command: string): RuledDecision | undefined {
    const line = shellParser.parse(command);
    const targets = line.commands.map((c): RuleTarget => ({ ...of, command: c }));
    const hidden = line.commands.flatMap((c) => innerCommands(c));
    const decisions = targets.map((t) => this.#decideOne(t, 'allow'));
    // Hidden commands count only for deny and ask: they never make a line allowed.
    const guards = hidden.map((c) => this.#decideOne({ ...of, command: c }, 'guard'));
    const denied = [...decisions, ...guards].find((d) => d?.decision === 'deny');
    if (denied) return denied;
    const control = new ControlPaths(this.root, this.#env).bash([...line.commands, ...hidden]);
    if (control !== undefined) {
      const only = line.commands.length === 1 && line.beyond.length === 0 ? targets[0] : undefined;
      const exact = this.#sources
        .flatMap((s) => s.allow.map((rule) => ({ rule, source: s.name })))
        .find(
          ({ rule }) =>
            only !== undefined &&
            rule.words !== undefined &&
            !rule.words.prefix &&
            rule.covers(only, 'allow'),
        );
      return this.#protectedDecision(control, exact);
    }
    const asked = [...decisions, ...guards].find((d) => d?.decision === 'ask');
    if (asked) return asked;
    const allowed = decisions.length > 0 && decisions.every((d) => d?.decision === 'allow');
    if (line.beyond.length > 0) {
      const some = decisions.find((d) => d?.decision === 'allow');
      return some === undefined ? undefined : { ...some, decision: 'ask', beyond: line.beyond };
    }
    return allowed ? decisions[0] : undefined;
  }

  #protectedDecision(
    control: string,
    exact: { readonly rule: PermissionRule; readonly source: string } | undefined,
  ): RuledDecision {
    if (exact !== undefined && !this.#person)
      return { decision: 'allow', rule: exact.rule.text, source: exact.source, protected: control };
    return {
      decision: 'ask',
      rule: exact?.rule.text ?? 'control file',
      source: exact?.source ?? PROTECTION,
      protected: control,
    };
  }

  /** The first place's decision for one target: deny and ask rules as guards, allow rules in `allowMode` ('guard' skips them). */
  #decideOne(target: RuleTarget, allowMode: MatchMode): RuledDecision | undefined {
    for (const source of this.#sources) {
      for (const decision of ['deny', 'ask', 'allow'] as const) {
        if (decision === 'allow' && allowMode === 'guard') continue;
        const rule = source[decision].find((r) => r.covers(target, decision === 'allow' ? 'allow' : 'guard'));
        if (rule) return { decision, rule: rule.text, source: source.name };
      }
    }
    return undefined;
  }
}
