/**
 * @kodama/assistant: kodama's interactive terminal assistant on pi-tui.
 * Streaming Markdown, one line per tool call, diffs before edits, a status
 * line, steering messages, inline confirmation and slash commands. Imports
 * only @kodama/core of kodama's; the CLI composes it with the agent it builds.
 *
 * The root holds what a caller composes the assistant from: the app and its
 * options, the wiring its agent's tools take (`AssistantUi.wiring` on the
 * screen, {@link printWiring} for one printed turn), the theme, the
 * permission rules layered from configuration files, and the confirmation
 * types. The screen's parts (rendering, Markdown, checkpoints, input) stay
 * inside; the rules alone are `@kodama/assistant/permissions`.
 *
 * @packageDocumentation
 */

export { type AgentWiring, type Approvals, printWiring } from './app/agent-wiring.ts';
export { AssistantApp } from './app/assistant-app.ts';
export type {
  AssistantInfo,
  AssistantOptions,
  AssistantUi,
  BackgroundControl,
  BackgroundTaskView,
  InstructionFile,
  McpServerView,
  ShellRunner,
} from './app/assistant-options.ts';
export { modeNote } from './app/mode-switch.ts';
export { type PlanAnswer, type PlanHost, presentPlanTool } from './app/plan-tool.ts';
export { type PrintedPlan, type PrintedPlanHost, printedPlan } from './app/print-plan.ts';
export { withNotes } from './app/turn.ts';
export { APPROVALS_DIR_NAME, ApprovalInbox, type OutsideAnswer } from './approvals/approval-inbox.ts';
export { type AnsweredElsewhere, throughInbox } from './approvals/inbox-asker.ts';
export {
  type ApprovalAnswer,
  type ApprovalSurface,
  type AskingSurface,
  isApprovalId,
  type PendingApproval,
  pendingApproval,
} from './approvals/pending-approval.ts';
export type { CommandSource, CustomCommand } from './commands/command-file.ts';
export { type CommandFolder, type LoadedCommands, loadCustomCommands } from './commands/custom-commands.ts';
export { BUILT_IN_COMMANDS } from './commands/slash-commands.ts';
export { MEMORY_LEGS_KEY, trifectaWhy } from './commands/trifecta-why.ts';
export type {
  AskPerson,
  ConfirmAnswer,
  Confirmer,
  ConfirmQuestion,
  ConfirmRequest,
} from './confirm/confirm-types.ts';
export {
  InlineConfirmer,
  type InlineConfirmerOptions,
  ruleOf,
  subjectOf,
} from './confirm/inline-confirmer.ts';
export { type HookVerdict, withHookVerdict } from './permissions/hook-verdict.ts';
export { layeredRules, type RuleFile } from './permissions/layered-rules.ts';
export { permissionGate } from './permissions/permission-gate.ts';
export {
  type PermissionConfig,
  PermissionRules,
  type RuleSource,
  ruleSource,
} from './permissions/permission-rules.ts';
export type { AlwaysScope, RuleFileRef, RuleFiles } from './permissions/rule-files.ts';
export { type Theme, type ThemeSetting, themeFor } from './render/theme.ts';
