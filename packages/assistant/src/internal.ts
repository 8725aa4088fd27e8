/**
 * Every part of the assistant by name, for this package's own tests and
 * benchmarks: the screen's renderers, Markdown, checkpoints, input and
 * commands besides what the root exports. Not a package entry (package.json
 * does not export it): outside the package only `index.ts` and
 * `permissions/index.ts` are reachable.
 *
 * @packageDocumentation
 */

export { ConfirmPrompt } from './app/confirm-prompt.ts';
export { ModalArea, type PickItem } from './app/modal-area.ts';
export { ModeSwitch, modeNote } from './app/mode-switch.ts';
export { type PlanAnswer, type PlanHost, PRESENT_PLAN_TOOL, presentPlanTool } from './app/plan-tool.ts';
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
export { parseCommandFile, parseFrontMatter } from './commands/command-file.ts';
export { TurnToolLimit } from './commands/command-tools.ts';
export { expandCommand, splitArguments } from './commands/custom-commands.ts';
export { permissionsReport } from './commands/permission-commands.ts';
export { type Command, type SlashContext, slashCommands } from './commands/slash-commands.ts';
export { type ReadText, reviewEdits } from './confirm/edit-review.ts';
export * from './index.ts';
export {
  ATTACH_MAX_IMAGE_BYTES,
  ATTACH_MAX_TEXT_BYTES,
  type ExpandedInput,
  expandAttachments,
  modelAcceptsImages,
  type TypedPrompt,
  typedPrompt,
} from './input/attachments.ts';
export { AssistantCompletion } from './input/completion.ts';
export { highlightLine } from './markdown/highlight.ts';
export { renderBlocks } from './markdown/render-blocks.ts';
export { StreamingMarkdown } from './markdown/streaming-markdown.ts';
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
export { drawOnlyOnceStarted } from './render/first-frame.ts';
export { memoizeFrameLines } from './render/frame-memo.ts';
export { releaseScrollback } from './render/scrollback.ts';
export { compactCount, StatusLine, type StatusState, statusText } from './render/status-line.ts';
export { colourTheme, plainTheme } from './render/theme.ts';
export { contentText, describeCall, ToolEntry } from './render/tool-entry.ts';
export { type NoticeKind, TOOL_OUTPUT_EVENT, Transcript } from './render/transcript.ts';
export { VirtualTerminal } from './render/virtual-terminal.ts';
export { expandTabs, truncate, widthOf, wrap } from './render/width.ts';
