import {
  describeToolCall,
  escapeHidden,
  type TaintAnswer,
  type TaintedCall,
  type TaintGate,
} from '@kodama/core/taint';
import { narrowestRule } from '../permissions/narrowest-rule.ts';
import { callSubject } from '../permissions/permission-gate.ts';
import type { PermissionSubject } from '../permissions/permission-rule.ts';
import { PermissionRules, type RuledDecision } from '../permissions/permission-rules.ts';
import type { AlwaysScope, RuleFiles } from '../permissions/rule-files.ts';
import { kindOfWord } from '../permissions/rule-words.ts';
import type {
  AskPerson,
  ConfirmAnswer,
  Confirmer,
  ConfirmQuestion,
  ConfirmRequest,
} from './confirm-types.ts';

/** What else an {@link InlineConfirmer} works with. */
export interface InlineConfirmerOptions {
  /** The files "always" can be saved to (the CLI's); none: "always" holds for the session only. */
  readonly ruleFiles?: RuleFiles;
  /** Says what became of a saved "always" (saved, or why not); default: nowhere. */
  readonly onNotice?: (text: string, kind?: 'warning' | 'error') => void;
}

/**
 * The rule an "always" answer approves: the narrowest rule that covers the
 * call (`bash(npm test:*)`, `bash(rm -rf build)`, `edit(src/a.ts)`; see
 * `narrowestRule`), or undefined when no rule can allow it (a loop, a
 * pipeline, a substitution, a protected path): then "always" is not offered.
 * With `rules`, also checked against them (a deny or ask rule that would
 * still catch the call gives undefined).
 */
export function ruleOf(request: ConfirmRequest, rules?: PermissionRules): string | undefined {
  const subject = subjectOf(request);
  return rules ? rules.narrowestRule(subject) : narrowestRule(subject);
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** The question the taint gate asks: why, and the call as a person reads it. */
export function taintRequest(call: TaintedCall): ConfirmRequest {
  const shown = escapeHidden(describeToolCall(call.arguments));
  return {
    tool: call.toolName,
    title: `untrusted content from ${call.sources.join(', ')} is in this conversation, and this ${call.toolName} call can send data out; run it?`,
    detail: shown.text,
    warnings: shown.found ? ['invisible'] : [],
  };
}

/** What the permission rules match in a request: a command's text, a file tool's path (by effect kind). */
export function subjectOf(request: ConfirmRequest): PermissionSubject {
  // The request's effect kind, else the one its tool's name stands for (the workspace's bash asks
  // with its command and no kind): a third-party name stands for none, so its question stays its own.
  const kind = request.effect ?? kindOfWord(request.tool);
  if (kind === 'runsCommand') return { tool: request.tool, effect: kind, command: request.detail };
  return {
    tool: request.tool,
    ...(kind !== undefined ? { effect: kind } : {}),
    ...(request.path !== undefined ? { path: request.path } : {}),
  };
}

/**
 * The assistant's confirmations: asked inline, one at a time, answered with
 * y / n (with an optional reason, handed to `onReason` so it reaches the
 * model) / a (approve the narrowest rule covering the call for the rest of
 * the session; not offered when no rule can allow it) / p or u (the same,
 * saved to the project's or the user's configuration file through
 * `ruleFiles`, and in effect at once; never for a call whose text hides
 * something). The
 * permission rules come first: a call they allow is not asked about (unless
 * its text hides something), one they deny is refused, one they mark `ask`
 * is always asked; `onAllowed` hears of a request a rule allowed without
 * asking. Also the runtime taint gate, which never offers "always".
 */
export class InlineConfirmer implements Confirmer {
  readonly reviewed = true;
  readonly #ask: AskPerson;
  readonly #onReason: (request: ConfirmRequest, reason: string) => void;
  readonly #onAllowed: (request: ConfirmRequest, decision: RuledDecision) => void;
  readonly #always: string[] = [];
  readonly rules: PermissionRules;
  /** The files "always" answers are saved to and `/permissions remove` edits; undefined: none. */
  readonly ruleFiles: RuleFiles | undefined;
  readonly #notice: (text: string, kind?: 'warning' | 'error') => void;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    ask: AskPerson,
    onReason: (request: ConfirmRequest, reason: string) => void = () => {},
    rules: PermissionRules = new PermissionRules([], process.cwd()),
    onAllowed: (request: ConfirmRequest, decision: RuledDecision) => void = () => {},
    options: InlineConfirmerOptions = {},
  ) {
    this.ruleFiles = options.ruleFiles;
    this.#notice = options.onNotice ?? (() => {});
    this.#ask = ask;
    this.#onReason = onReason;
    this.#onAllowed = onAllowed;
    this.rules = rules;
  }

  /** The rules approved with "always" so far. */
  get alwaysAllowed(): readonly string[] {
    return [...this.#always];
  }

  /** Forgets the "always" answers (a new session). */
  reset(): void {
    this.#always.length = 0;
    this.rules.resetSession();
  }

  confirm(request: ConfirmRequest, signal?: AbortSignal): Promise<boolean> {
    const settled = this.#byRules(request);
    if (settled !== undefined) return Promise.resolve(settled);
    return this.#serial(async () => {
      if (signal?.aborted) return false;
      const again = this.#byRules(request);
      if (again !== undefined) return again;
      const rule = ruleOf(request, this.rules);
      const question = this.#question(request, rule);
      const answer = await this.#ask(question, signal);
      if (answer.kind === 'always' && rule !== undefined) await this.#keep(rule, answer.scope, question);
      return this.#approved(request, answer);
    });
  }

  #question(request: ConfirmRequest, rule: string | undefined): ConfirmQuestion {
    const files = this.ruleFiles;
    // A call whose text hides something may be allowed for the session, never saved to a file.
    if (rule === undefined) return { request, allowAlways: false };
    if (files === undefined || request.warnings.length > 0) return { request, allowAlways: true, rule };
    const { project, user, projectWhyNot } = files;
    return {
      request,
      allowAlways: true,
      rule,
      alwaysFiles: {
        ...(project ? { project } : {}),
        ...(user ? { user } : {}),
        ...(projectWhyNot ? { projectWhyNot } : {}),
      },
    };
  }

  /**
   * Keeps an "always" rule where the person chose: the session, or saved to
   * a file and in effect at once under that file's name. A save that fails
   * is said, and the rule holds for the session only.
   */
  async #keep(rule: string, scope: AlwaysScope | undefined, question: ConfirmQuestion): Promise<void> {
    this.#always.push(rule);
    // Only a file the question offered: an answer naming another scope holds for the session.
    const file = scope === 'project' || scope === 'user' ? question.alwaysFiles?.[scope] : undefined;
    if (file === undefined || this.ruleFiles === undefined) return this.rules.allowForSession(rule);
    try {
      const added = await this.ruleFiles.add(file.path, rule);
      this.rules.allowFromFile(file.path, rule);
      this.#notice(
        added
          ? `saved allow ${rule} to ${file.label}${scope === 'project' ? ' (the next start asks you to trust the changed file: writing a file never trusts it)' : ''}`
          : `${file.label} already allows ${rule}`,
      );
    } catch (error) {
      this.rules.allowForSession(rule);
      this.#notice(
        `could not save ${rule} to ${file.label}: ${(error as Error).message}; allowed for this session only`,
        'error',
      );
    }
  }

  /** True or false when the rules settle the request without asking; undefined to ask. */
  #byRules(request: ConfirmRequest): boolean | undefined {
    const ruled = this.rules.decide(subjectOf(request));
    if (ruled?.decision === 'deny') return false;
    if (ruled?.decision === 'allow' && request.warnings.length === 0) {
      // Not asked, still shown: a person sees what a rule let through (an edit's diff).
      this.#onAllowed(request, ruled);
      return true;
    }
    return undefined;
  }

  /**
   * The taint gate: asks about a call that can send data out after untrusted
   * content came in, showing the call readable (the command, the URL;
   * hidden characters made visible) and never offering "always". Resolves
   * `'unattended'` when no one could be asked.
   */
  readonly taintGate: TaintGate = (call: TaintedCall, signal: AbortSignal): Promise<TaintAnswer> => {
    // A call the rules deny is refused without a question; allow rules never skip this one.
    if (this.rules.decide(callSubject(call.toolName, parseArguments(call.arguments)))?.decision === 'deny')
      return Promise.resolve(false);
    return this.#serial(async () => {
      const request = taintRequest(call);
      const answer = await this.#ask({ request, allowAlways: false, taintSources: call.sources }, signal);
      if (answer.kind === 'unanswered') return 'unattended';
      return this.#approved(request, answer);
    });
  };

  #approved(request: ConfirmRequest, answer: ConfirmAnswer): boolean {
    if (answer.kind === 'no' && answer.reason) this.#onReason(request, answer.reason);
    return answer.kind === 'yes' || answer.kind === 'always';
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work);
    this.#queue = next.catch(() => undefined);
    return next;
  }
}
