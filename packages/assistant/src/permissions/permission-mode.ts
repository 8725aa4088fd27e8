import { isAbsolute } from 'node:path';
import type { ToolEffectKind } from '@kodama/core';
import type { PermissionSubject } from './permission-rule.ts';
import type { RuledDecision } from './permission-rules.ts';
import { readOnlyLine } from './read-only-commands.ts';
import { pathViews } from './real-path.ts';
import { shellParser } from './shell-parser.ts';

/**
 * How much the assistant does without asking, switched by the person
 * (Shift+Tab, `--permission-mode`): `default` asks as the rules say;
 * `accept-edits` writes files inside the root without asking (bash still
 * asks); `plan` is read-only (no writes, no bash that is not read-only) until
 * the person approves a plan; `bypass` allows everything except what the
 * trust boundary always asks (control files, writes outside the root, the
 * taint gate). A deny rule denies in every mode.
 */
export type PermissionMode = 'default' | 'accept-edits' | 'plan' | 'bypass';

/** Every mode, in the order Shift+Tab cycles them (`bypass` only when the run started in it). */
export const PERMISSION_MODES: readonly PermissionMode[] = Object.freeze([
  'default',
  'accept-edits',
  'plan',
  'bypass',
]);

/** True for a mode's name. */
export function isPermissionMode(value: unknown): value is PermissionMode {
  return (PERMISSION_MODES as readonly unknown[]).includes(value);
}

/** The mode after `mode` on Shift+Tab; `bypass` is in the cycle only when `withBypass`. */
export function nextPermissionMode(mode: PermissionMode, withBypass: boolean): PermissionMode {
  const cycle = withBypass ? PERMISSION_MODES : PERMISSION_MODES.filter((m) => m !== 'bypass');
  return cycle[(cycle.indexOf(mode) + 1) % cycle.length] ?? 'default';
}

/** The name a mode's decisions are given in messages. */
const SOURCE: Record<PermissionMode, string> = {
  default: 'the default mode',
  'accept-edits': 'the accept-edits mode',
  plan: 'plan mode',
  bypass: 'the bypass mode',
};

/** What the model reads when plan mode refuses a call. */
export function planModeRefusal(tool: string): string {
  return `plan mode is read-only: this ${tool} call was not run. Explore with read-only tools (read, grep, glob, read-only bash such as ls, cat, git status/log/diff), then present your plan with the present_plan tool; the person approves it before anything is changed`;
}

/** True when the real path (after `..` and symlinks) is inside the root: `pathViews` gives it relative then. */
function insideRoot(path: string, root: string): boolean {
  const { real } = pathViews(path, root);
  return real !== '.' && !isAbsolute(real);
}

/**
 * The decision of `mode` over what the rules decided (`ruled`, undefined when
 * no rule matched) for a call of effect `kind`. A deny rule always stands; plan
 * mode then denies every write and every command line that is not read-only
 * (also a control file: plan changes nothing); a control file asks as the rules
 * say in every other mode; accept-edits allows a write inside the root that no
 * ask rule catches; bypass allows the rest but writes outside the root.
 */
export function modeDecision(
  mode: PermissionMode,
  subject: PermissionSubject,
  kind: ToolEffectKind | undefined,
  ruled: RuledDecision | undefined,
  root: string,
): RuledDecision | undefined {
  if (mode === 'default' || ruled?.decision === 'deny') return ruled;
  const by = (decision: 'allow' | 'deny'): RuledDecision => ({
    decision,
    rule: mode,
    source: SOURCE[mode],
    mode,
  });
  if (mode === 'plan') {
    if (kind === 'writesFile') return by('deny');
    if (kind === 'runsCommand' && subject.command !== undefined)
      return readOnlyLine(shellParser.parse(subject.command)) ? ruled : by('deny');
    return ruled;
  }
  if (ruled?.protected !== undefined) return ruled;
  const inRoot = subject.path !== undefined && insideRoot(subject.path, root);
  if (mode === 'accept-edits')
    return kind === 'writesFile' && inRoot && ruled?.decision !== 'ask' ? by('allow') : ruled;
  // bypass
  if (kind === 'writesFile' && !inRoot) return ruled;
  return by('allow');
}
