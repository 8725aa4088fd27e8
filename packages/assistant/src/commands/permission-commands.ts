import type { PermissionRules } from '../permissions/permission-rules.ts';
import type { RuleFiles } from '../permissions/rule-files.ts';
import type { Command, SlashContext } from './slash-commands.ts';

/** The session's own rules are named so in {@link PermissionRules.sources}. */
const SESSION = 'this session';

interface ListedRule {
  readonly decision: 'allow' | 'ask' | 'deny';
  readonly text: string;
  readonly source: string;
}

/** Every rule, numbered in the order the rules are judged within their kind: deny, then ask, then allow. */
function listed(rules: PermissionRules): ListedRule[] {
  const out: ListedRule[] = [];
  for (const decision of ['deny', 'ask', 'allow'] as const)
    for (const source of rules.sources)
      for (const rule of source[decision]) out.push({ decision, text: rule.text, source: source.name });
  return out;
}

/** The files `/permissions remove` may edit: the project's and the user's configuration, as the CLI names them. */
function editable(files: RuleFiles | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of [files?.project, files?.user]) if (f) out.set(f.path, f.label);
  return out;
}

/** The `/permissions` list: the mode, then each rule with where it came from. */
export function permissionsReport(rules: PermissionRules, files?: RuleFiles): string {
  const all = listed(rules);
  const head = `mode: ${rules.mode} (Shift+Tab changes it)`;
  if (all.length === 0)
    return `${head}\nno permission rules (add them under "permissions" in ~/.config/kodama/config.json, or answer a question with a${files ? ', p or u' : ''})`;
  const width = Math.max(...all.map((r) => r.text.length));
  const lines = all.map(
    (r, i) => `${String(i + 1).padStart(3)}  ${r.decision.padEnd(5)}  ${r.text.padEnd(width)}  ${r.source}`,
  );
  const writable = editable(files);
  const removable = all.some((r) => r.source === SESSION || writable.has(r.source));
  return [
    head,
    ...lines,
    removable
      ? `/permissions remove <n> forgets one of this session's rules${writable.size > 0 ? ' or removes one from its file' : "; a file's rule is changed in that file"}`
      : "a file's rule is changed in that file",
  ].join('\n');
}

async function runPermissions(args: string, ctx: SlashContext): Promise<void> {
  const rules = ctx.app.confirmer.rules;
  const files = ctx.app.confirmer.ruleFiles;
  const [verb, n, more] = args.split(/\s+/).filter(Boolean);
  if (verb === undefined) return ctx.say(permissionsReport(rules, files));
  const rule =
    verb === 'remove' && n !== undefined && more === undefined && /^\d+$/.test(n)
      ? listed(rules)[Number(n) - 1]
      : undefined;
  if (verb !== 'remove' || rule === undefined)
    return ctx.say('usage: /permissions lists the rules; /permissions remove <n> removes rule n', 'warning');
  if (rule.source === SESSION) {
    rules.forgetSessionRule(rule.text);
    ctx.say(`forgot ${rule.decision} ${rule.text} for this session; it asks again`);
    return ctx.say(permissionsReport(rules, files));
  }
  const label = editable(files).get(rule.source);
  if (files === undefined || label === undefined)
    return ctx.say(`rule ${n} (${rule.text}) comes from ${rule.source}; change it in that file`, 'warning');
  let held: boolean;
  try {
    held = await files.remove(rule.source, rule.decision, rule.text);
  } catch (error) {
    return ctx.say(`could not remove ${rule.text} from ${label}: ${(error as Error).message}`, 'error');
  }
  rules.forgetRule(rule.source, rule.decision, rule.text);
  ctx.say(
    held
      ? `removed ${rule.decision} ${rule.text} from ${label}`
      : `${label} no longer held ${rule.decision} ${rule.text}; forgot it for this session`,
  );
  ctx.say(permissionsReport(rules, files));
}

/** `/permissions`: the mode and every rule with its source; `/permissions remove <n>` forgets a session rule or removes a file's. */
export const PERMISSION_COMMANDS: readonly Command[] = [
  {
    name: 'permissions',
    description: 'the permission mode and every rule with where it came from',
    argumentHint: '[remove <n>]',
    whileBusy: true,
    run: runPermissions,
  },
];
