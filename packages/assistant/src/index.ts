/**
 * @kodama/assistant: kodama's interactive terminal assistant on pi-tui.
 * Streaming Markdown, one line per tool call, diffs before edits, a status
 * line, steering messages, inline confirmation and slash commands. Imports
 * only @kodama/core of kodama's; the CLI composes it with the agent it builds.
 */
export { AssistantApp } from './app/assistant-app.ts';
export type {
  AssistantInfo,
  AssistantOptions,
  AssistantUi,
  InstructionFile,
  McpServerView,
  ShellRunner,
} from './app/assistant-options.ts';
export { ModalArea, type PickItem } from './app/modal-area.ts';
export { UsageTotals } from './app/usage-totals.ts';
export { checkpointEdits, type ResolveWritePath } from './checkpoints/checkpoint-edits.ts';
export {
  CHECKPOINT_MAX_FILE_BYTES,
  type CheckpointFile,
  type FileBefore,
  FileCheckpoints,
  type TurnCheckpoint,
} from './checkpoints/file-checkpoints.ts';
export {
  applyRestore,
  describePlan,
  planRestore,
  type RestorePlan,
  type RestoreStep,
} from './checkpoints/restore-plan.ts';
export { type Command, type SlashContext, slashCommands } from './commands/slash-commands.ts';
export type {
  AskPerson,
  ConfirmAnswer,
  Confirmer,
  ConfirmQuestion,
  ConfirmRequest,
} from './confirm/confirm-types.ts';
export { type ReadText, reviewEdits } from './confirm/edit-review.ts';
export { InlineConfirmer, ruleOf, subjectOf } from './confirm/inline-confirmer.ts';
export {
  ATTACH_MAX_IMAGE_BYTES,
  ATTACH_MAX_TEXT_BYTES,
  type ExpandedInput,
  expandAttachments,
  modelAcceptsImages,
} from './input/attachments.ts';
export { AssistantCompletion } from './input/completion.ts';
export { highlightLine } from './markdown/highlight.ts';
export { renderBlocks } from './markdown/render-blocks.ts';
export { StreamingMarkdown } from './markdown/streaming-markdown.ts';
// The permission rules (also @kodama/assistant/permissions, without the screen).
export * from './permissions/index.ts';
export { DiffEntry, diffStat, unifiedDiff } from './render/diff.ts';
export {
  Entry,
  QueuedView,
  ReasoningEntry,
  TaskListEntry,
  type TaskView,
  TextEntry,
} from './render/entries.ts';
export { memoizeFrameLines } from './render/frame-memo.ts';
export { compactCount, StatusLine, type StatusState, statusText } from './render/status-line.ts';
export { colourTheme, plainTheme, type Theme, themeFor } from './render/theme.ts';
export { contentText, describeCall, ToolEntry } from './render/tool-entry.ts';
export { type NoticeKind, TOOL_OUTPUT_EVENT, Transcript } from './render/transcript.ts';
export { VirtualTerminal } from './render/virtual-terminal.ts';
export { expandTabs, truncate, widthOf, wrap } from './render/width.ts';
