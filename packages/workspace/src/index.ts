/**
 * @kodama/workspace: file tools (read, write, edit, grep, glob), a shell
 * (bash) behind a confirmer and an optional bubblewrap sandbox, and the one
 * subprocess chokepoint. Every path is confined to the workspace roots after
 * symlink resolution, and credential files are refused whatever the roots.
 */
export type { Confirmer, ConfirmRequest } from './confirm/confirmer.ts';
export { alwaysDecline, autoApprove } from './confirm/confirmer.ts';
export type { SanitizedText, SanitizeWarning } from './confirm/sanitize.ts';
export { sanitizeForDisplay } from './confirm/sanitize.ts';
export type { TerminalConfirmerOptions } from './confirm/terminal-confirmer.ts';
export { formatPrompt, terminalConfirmer } from './confirm/terminal-confirmer.ts';
export type { FindRipgrepOptions } from './ripgrep.ts';
export { findRipgrep, RipgrepNotFoundError } from './ripgrep.ts';
export type { HiddenPaths } from './sandbox/bubblewrap.ts';
export {
  assertSandboxAvailable,
  bubblewrapArgs,
  ETC_BASELINE,
  SYSTEM_DIRS,
  wrapArgv,
} from './sandbox/bubblewrap.ts';
export type { BubblewrapSandbox, NoSandbox, SandboxOptions } from './sandbox/sandbox-options.ts';
export { NO_SANDBOX } from './sandbox/sandbox-options.ts';
export { ProcessRegistry } from './subprocess/process-registry.ts';
export type { RunProcessOptions, RunProcessResult } from './subprocess/run-process.ts';
export { runProcess } from './subprocess/run-process.ts';
export type { BashToolOptions } from './tools/bash.ts';
export {
  BASH_DEFAULT_TIMEOUT_SECONDS,
  BASH_MAX_OUTPUT_BYTES,
  BASH_MAX_TIMEOUT_SECONDS,
  bashTool,
} from './tools/bash.ts';
export type { BashEnvironmentInput } from './tools/bash-env.ts';
export { bashEnvironment, DEFAULT_ENV_ALLOWLIST } from './tools/bash-env.ts';
export { editTool } from './tools/edit.ts';
export { GLOB_MAX_RESULTS, globTool } from './tools/glob.ts';
export { GREP_MAX_BYTES, GREP_MAX_RESULTS, grepTool } from './tools/grep.ts';
export {
  READ_DEFAULT_LIMIT,
  READ_MAX_BYTES,
  READ_MAX_IMAGE_BYTES,
  READ_MAX_LINE_LENGTH,
  READ_MAX_PDF_BYTES,
  readTool,
} from './tools/read.ts';
export type { WorkspaceToolsOptions } from './tools/tool-options.ts';
export type { WorkspaceToolName, WorkspaceTools } from './tools/workspace-tools.ts';
export { WORKSPACE_TOOL_NAMES, workspaceTools } from './tools/workspace-tools.ts';
export { writeTool } from './tools/write.ts';
export type { DeniedScan, ScanDeniedOptions } from './workspace/denied-scan.ts';
export {
  DENIED_SCAN_MAX_ENTRIES,
  DENIED_SCAN_SKIPPED_DIRS,
  scanDenied,
} from './workspace/denied-scan.ts';
export { DEFAULT_DENYLIST, Denylist } from './workspace/denylist.ts';
export { PathRefusedError, SandboxUnavailableError, WorkspaceError } from './workspace/errors.ts';
export type { PathAccess, WorkspaceOptions } from './workspace/workspace.ts';
export { Workspace } from './workspace/workspace.ts';
