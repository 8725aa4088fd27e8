import {
  type PermissionConfig,
  PermissionRules,
  type PermissionRulesOptions,
  ruleSource,
} from './permission-rules.ts';

/** One configuration file's rules, as a layer of {@link layeredRules}. */
export interface RuleFile {
  /** The file, named in every message a rule of it causes. */
  readonly path: string;
  readonly permissions: PermissionConfig;
}

/**
 * The permission rules of several configuration files, the project's first
 * (the order the CLI reads them), in the order that makes a `deny` anywhere
 * win: every file's `deny` rules (the user's first), then every `ask`, then
 * every `allow`. So the user's `deny` beats a trusted project's `allow`, and an
 * untrusted project's `deny` or `ask` (all it may add) narrows the user's
 * `allow`. ({@link PermissionRules} lets the first place with a matching rule decide.)
 *
 * @throws Error naming the file and the key (`permissions.allow[2]`) of a bad rule.
 */
export function layeredRules(
  files: readonly RuleFile[],
  root: string,
  options?: PermissionRulesOptions,
): PermissionRules {
  const parsed = [...files].reverse().map((f) => {
    try {
      return ruleSource(f.path, f.permissions);
    } catch (error) {
      throw new Error(`${f.path}: ${(error as Error).message}`);
    }
  });
  const only = (key: 'deny' | 'ask' | 'allow') =>
    parsed.map((p) => ({ name: p.name, deny: [], ask: [], allow: [], [key]: p[key] }));
  return new PermissionRules([...only('deny'), ...only('ask'), ...only('allow')], root, options);
}
