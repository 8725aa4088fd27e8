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
} from './app/assistant-options.ts';
export { UsageTotals } from './app/usage-totals.ts';
export { type Command, type SlashContext, slashCommands } from './commands/slash-commands.ts';
export type {
  AskPerson,
  ConfirmAnswer,
  Confirmer,
  ConfirmQuestion,
  ConfirmRequest,
} from './confirm/confirm-types.ts';
export { type ReadText, reviewEdits } from './confirm/edit-review.ts';
export { InlineConfirmer, ruleOf } from './confirm/inline-confirmer.ts';
export { highlightLine } from './markdown/highlight.ts';
export { renderBlocks } from './markdown/render-blocks.ts';
export { StreamingMarkdown } from './markdown/streaming-markdown.ts';
export { DiffEntry, diffStat, unifiedDiff } from './render/diff.ts';
export { Entry, ReasoningEntry, TaskListEntry, type TaskView, TextEntry } from './render/entries.ts';
export { compactCount, StatusLine, type StatusState, statusText } from './render/status-line.ts';
export { colourTheme, plainTheme, type Theme, themeFor } from './render/theme.ts';
export { contentText, describeCall, ToolEntry } from './render/tool-entry.ts';
export { type NoticeKind, Transcript } from './render/transcript.ts';
export { VirtualTerminal } from './render/virtual-terminal.ts';
export { expandTabs, truncate, widthOf, wrap } from './render/width.ts';
