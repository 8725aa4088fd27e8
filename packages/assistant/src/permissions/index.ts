/**
 * The assistant's permission rules on their own (`@kodama/assistant/permissions`):
 * rules from configuration files, the gate that applies them to any tool, and
 * the protection of control files, without loading the terminal UI (for
 * `kodama ask`, whose start-up should not pay for the screen).
 *
 * @packageDocumentation
 */
export { type HookVerdict, withHookVerdict } from './hook-verdict.ts';
export { layeredRules, type RuleFile } from './layered-rules.ts';
export { narrowestRule } from './narrowest-rule.ts';
export { callSubject, permissionGate } from './permission-gate.ts';
export {
  isPermissionMode,
  nextPermissionMode,
  PERMISSION_MODES,
  type PermissionMode,
  planModeRefusal,
} from './permission-mode.ts';
export {
  type MatchMode,
  type PermissionDecision,
  type PermissionRule,
  type PermissionSubject,
  parseRule,
  type RuleTarget,
  simpleCommands,
} from './permission-rule.ts';
export {
  type PermissionConfig,
  PermissionRules,
  type PermissionRulesOptions,
  type RuledDecision,
  type RuleSource,
  ruleSource,
} from './permission-rules.ts';
export type { AlwaysScope, RuleFileRef, RuleFiles } from './rule-files.ts';
