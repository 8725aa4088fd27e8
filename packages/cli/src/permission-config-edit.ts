// Permission rules saved to, and removed from, a configuration file (the
// project's `.kodama/config.json` or the user's config.json) on the person's
// keystroke: an "always" answer saved for the project or for all projects,
// `/permissions remove <n>`. The file is checked as kodama reads it before
// and after the change; a rule the parser refuses, or a file kodama could not
// read, is an error and the file is left as it was.
import { parseRule, ruleSource } from '@kodama/assistant/permissions';
import { validateConfig } from './config.ts';
import { readJsonObject, writeJsonObject } from './json-file-edit.ts';

/** A kind of rule, as the file lists it. */
export type RuleDecision = 'allow' | 'ask' | 'deny';

type Permissions = Partial<Record<RuleDecision, string[]>>;

/** Parses every rule of `permissions`. @throws Error naming the file and the key (`permissions.allow[2]`). */
function checkRules(path: string, permissions: Permissions): void {
  try {
    ruleSource(path, permissions);
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

/** The file's object, checked as kodama reads it at start (unknown keys, wrong kinds, bad rules). */
async function readChecked(path: string) {
  const file = await readJsonObject(path);
  try {
    validateConfig(path, file.value);
    checkRules(path, (file.value.permissions ?? {}) as Permissions);
  } catch (error) {
    throw new Error(`${(error as Error).message}; fix it by hand, nothing was changed`);
  }
  const held = (file.value.permissions ?? {}) as Permissions;
  const permissions: Permissions = {};
  for (const [key, rules] of Object.entries(held)) permissions[key as RuleDecision] = [...(rules ?? [])];
  return { ...file, permissions };
}

/** Writes the file with `permissions` in place of its own (its other keys, and their order, kept). */
async function write(
  path: string,
  file: { readonly value: Record<string, unknown>; readonly indent: string },
  permissions: Permissions,
): Promise<void> {
  const next: Record<string, unknown> = { ...file.value };
  if (Object.keys(permissions).length > 0) next.permissions = permissions;
  else delete next.permissions;
  // Never write what kodama would refuse to start with.
  validateConfig(path, next);
  checkRules(path, permissions);
  await writeJsonObject(path, next, file.indent);
}

/**
 * Adds an allow rule to the file's `permissions.allow`, creating the file and
 * its folder when missing. Returns false when the file already holds the
 * rule (nothing written).
 *
 * @throws Error when the rule is not one the parser accepts, or the file is
 *   not a configuration kodama reads; the file is then untouched.
 */
export async function addAllowRule(path: string, rule: string): Promise<boolean> {
  try {
    parseRule(rule);
  } catch (error) {
    throw new Error(`${(error as Error).message}; nothing was written to ${path}`);
  }
  const file = await readChecked(path);
  const allow = file.permissions.allow ?? [];
  if (allow.includes(rule)) return false;
  await write(path, file, { ...file.permissions, allow: [...allow, rule] });
  return true;
}

/**
 * Removes the first `decision` rule written exactly `rule` from the file (an
 * emptied list, then an emptied `permissions`, goes too). Returns false when
 * the file does not hold it (nothing written).
 *
 * @throws Error when the file is not a configuration kodama reads; it is then untouched.
 */
export async function removeRule(path: string, decision: RuleDecision, rule: string): Promise<boolean> {
  const file = await readChecked(path);
  const list = file.permissions[decision] ?? [];
  const at = list.indexOf(rule);
  if (at < 0) return false;
  list.splice(at, 1);
  const permissions = { ...file.permissions };
  if (list.length > 0) permissions[decision] = list;
  else delete permissions[decision];
  await write(path, file, permissions);
  return true;
}
