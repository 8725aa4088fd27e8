/**
 * @kodama/workspace: file tools (read, write, edit, grep, glob), a shell
 * (bash) behind a confirmer and an optional bubblewrap sandbox, and the one
 * subprocess chokepoint. Every path is confined to the workspace roots after
 * symlink resolution, and credential files are refused whatever the roots.
 * Every public name is listed here; anything not listed is internal.
 */

// Confirmation of writes and commands.
export { alwaysDecline, autoApprove, type Confirmer, type ConfirmRequest } from './confirm/confirmer.ts';
export { type SanitizedText, type SanitizeWarning, sanitizeForDisplay } from './confirm/sanitize.ts';
export { readLine, type TerminalConfirmerOptions, terminalConfirmer } from './confirm/terminal-confirmer.ts';
// The workspace's files, listed and read under the read tool's confinement (MCP resources).
export { listConfined, readConfined } from './fs/confined-files.ts';
// Glob patterns, matched in linear time.
export {
  type CompileGlobOptions,
  compileGlob,
  GLOB_MAX_ALTERNATIVES,
  type GlobMatcher,
} from './fs/glob-matcher.ts';
export { type FindRipgrepOptions, findRipgrep, RipgrepNotFoundError } from './ripgrep.ts';
export {
  assertSandboxAvailable,
  bubblewrapArgs,
  ETC_BASELINE,
  type HiddenPaths,
  wrapArgv,
} from './sandbox/bubblewrap.ts';
// The sandbox.
export { READ_ONLY_CONTROL_ENTRIES } from './sandbox/read-only-control.ts';
export { DEFAULT_RESOURCE_LIMITS, type Limit, type ResourceLimits } from './sandbox/resource-limits.ts';
export {
  type BubblewrapSandbox,
  NO_SANDBOX,
  type NoSandbox,
  type SandboxOptions,
} from './sandbox/sandbox-options.ts';
// The subprocess chokepoint.
export {
  BACKGROUND_MAX_FINISHED,
  BACKGROUND_MAX_OUTPUT_BYTES,
  BACKGROUND_MAX_RUNNING,
  BackgroundLimitError,
  type BackgroundRead,
  type BackgroundStatus,
  type BackgroundTaskInfo,
  BackgroundTasks,
  type StartBackgroundOptions,
} from './subprocess/background-tasks.ts';
export { ProcessRegistry, type ProcessRegistryOptions } from './subprocess/process-registry.ts';
export { type RunProcessOptions, type RunProcessResult, runProcess } from './subprocess/run-process.ts';
export {
  BASH_DEFAULT_TIMEOUT_SECONDS,
  BASH_MAX_OUTPUT_BYTES,
  BASH_MAX_TIMEOUT_SECONDS,
  BASH_OUTPUT_EVENT,
  type BashToolOptions,
  bashTool,
} from './tools/bash.ts';
export { bashKillTool, bashOutputTool, runtimeText, statusText } from './tools/bash-background.ts';
export { type BashEnvironmentInput, bashEnvironment, DEFAULT_ENV_ALLOWLIST } from './tools/bash-env.ts';
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
// The tools: a registry of lazy factories, or all at once, or each alone.
export {
  WORKSPACE_TOOL_NAMES,
  WORKSPACE_TOOL_REGISTRY,
  type WorkspaceToolFactory,
  type WorkspaceToolName,
  workspaceToolsByName,
} from './tools/registry.ts';
export { WORKSPACE_TOOL_KINDS, workspaceToolsWith } from './tools/tool-kinds.ts';
export type { WorkspaceToolsOptions } from './tools/tool-options.ts';
export { type WorkspaceTools, workspaceTools } from './tools/workspace-tools.ts';
export { writeTool } from './tools/write.ts';
export {
  DENIED_SCAN_MAX_ENTRIES,
  DENIED_SCAN_SKIPPED_DIRS,
  type DeniedScan,
  type ScanDeniedOptions,
  scanDenied,
} from './workspace/denied-scan.ts';
export { DEFAULT_DENYLIST, Denylist } from './workspace/denylist.ts';
// The workspace: roots, path resolution, the denylist.
export { PathRefusedError, SandboxUnavailableError, WorkspaceError } from './workspace/errors.ts';
export { type PathAccess, Workspace, type WorkspaceOptions } from './workspace/workspace.ts';
