import type { Content, ContentPart } from '../../messages/content.ts';
import type { AssistantMessage, ModelMessage, ToolCall } from '../../messages/message.ts';
import type { Usage } from '../../model/usage.ts';
import type { HistoryMessage, HistoryMessageKind } from '../history-message.ts';
import { HISTORY_FORMAT, HISTORY_FORMAT_VERSION, USAGE_KEYS } from '../serialize.ts';
import {
  at,
  describe,
  describeValue,
  expectArray,
  expectLiteral,
  expectNonEmptyString,
  expectObject,
  expectShape,
  expectString,
  fail,
  isCanonicalBase64,
  onlyKeys,
  optionalString,
  quote,
} from './checks.ts';

/** An image part whose bytes a history folder still has to supply. */
export interface PendingAttachment {
  /** The part inside the validated messages; its `data` is filled in once the file is read. */
  readonly part: { data: string };
  /** `attachments/<sha256>.<ext>`, already checked against {@link ATTACHMENT_REF}. */
  readonly ref: string;
  /** Path of the part in the document, for error messages. */
  readonly path: string;
}

/** What a folder's `history.json` may use to point at an image file. */
export const ATTACHMENT_REF = /^attachments\/([0-9a-f]{64})\.([a-z0-9]{1,16})$/;

/** Validated messages, plus the image parts still waiting for their bytes (folder form only). */
export interface ValidatedDocument {
  readonly messages: HistoryMessage[];
  readonly pending: PendingAttachment[];
}

const TOP_KEYS = new Set(['format', 'version', 'messages']);
const MESSAGE_KEYS = new Set(['id', 'kind', 'message', 'modelId', 'usage', 'taint']);
const USER_KEYS = new Set(['role', 'content']);
const ASSISTANT_KEYS = new Set(['role', 'text', 'reasoning', 'toolCalls']);
const TOOL_KEYS = new Set(['role', 'toolCallId', 'toolName', 'content']);
const CALL_KEYS = new Set(['id', 'name', 'arguments']);
const TEXT_KEYS = new Set(['type', 'text']);
const IMAGE_KEYS = new Set(['type', 'mediaType', 'data']);
const IMAGE_REF_KEYS = new Set(['type', 'mediaType', 'attachment']);
const USAGE_KEY_SET: ReadonlySet<string> = new Set(USAGE_KEYS);
const KINDS: ReadonlySet<string> = new Set<HistoryMessageKind>(['user', 'injected', 'assistant', 'tool']);
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

/**
 * The tool calls of the latest assistant message, which the tool results after
 * it may answer. Small batches are searched linearly (cheaper than a Map per
 * message); large ones get an index so hostile input stays linear.
 */
interface OpenBatch {
  readonly calls: readonly ToolCall[];
  readonly answered: boolean[];
  readonly index: Map<string, number> | undefined;
}

const INDEX_FROM = 16;

function findCall(
  calls: readonly ToolCall[],
  index: Map<string, number> | undefined,
  id: string,
  end: number,
): number {
  if (index !== undefined) return index.get(id) ?? -1;
  for (let i = 0; i < end; i++) if (calls[i]!.id === id) return i;
  return -1;
}

/**
 * Checks a parsed JSON value field by field and builds fresh typed messages from
 * it. Throws {@link HistoryError} at the first problem; never returns a partial
 * value. `allowAttachments` accepts folder-form image references, returned in
 * `pending` for the caller to resolve.
 */
export function validateDocument(raw: unknown, allowAttachments: boolean): ValidatedDocument {
  const top = expectObject(raw, '');
  expectLiteral(top.format, 'format', HISTORY_FORMAT);
  const version = top.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    fail(`version must be a positive integer, got ${describeValue(version)}`);
  }
  if (version > HISTORY_FORMAT_VERSION) {
    fail(
      `history format version ${version} is newer than this kodama understands (${HISTORY_FORMAT_VERSION})`,
    );
  }
  onlyKeys(top, '', TOP_KEYS);
  const list = expectArray(top.messages, 'messages');
  const state: State = { ids: new Map(), batch: undefined, pending: [], allowAttachments };
  const messages = new Array<HistoryMessage>(list.length);
  for (let i = 0; i < list.length; i++) messages[i] = readMessage(list[i], i, state);
  return { messages, pending: state.pending };
}

interface State {
  readonly ids: Map<string, number>;
  batch: OpenBatch | undefined;
  readonly pending: PendingAttachment[];
  readonly allowAttachments: boolean;
}

function readMessage(raw: unknown, index: number, state: State): HistoryMessage {
  const path = `messages[${index}]`;
  const stored = expectShape(raw, path, MESSAGE_KEYS);
  const id = expectNonEmptyString(stored.id, `${path}.id`);
  const earlier = state.ids.get(id);
  if (earlier !== undefined) fail(`${path}.id ${quote(id)} repeats messages[${earlier}].id`);
  state.ids.set(id, index);
  const kind = stored.kind;
  if (typeof kind !== 'string' || !KINDS.has(kind)) {
    fail(`${path}.kind must be one of "user", "injected", "assistant", "tool", got ${describeValue(kind)}`);
  }
  const message = readModelMessage(stored.message, `${path}.message`, kind as HistoryMessageKind, state);
  const modelId = optionalString(stored.modelId, `${path}.modelId`);
  const usage = stored.usage === undefined ? undefined : readUsage(stored.usage, `${path}.usage`);
  const taint = stored.taint === undefined ? undefined : readTaint(stored.taint, `${path}.taint`);
  const result: { -readonly [K in keyof HistoryMessage]: HistoryMessage[K] } = {
    id,
    kind: kind as HistoryMessageKind,
    message,
  };
  if (modelId !== undefined) result.modelId = modelId;
  if (usage !== undefined) result.usage = usage;
  if (taint !== undefined) result.taint = taint;
  return result;
}

/** The names of the tools a message's untrusted content came from: non-empty strings. */
function readTaint(raw: unknown, path: string): string[] {
  const list = expectArray(raw, path);
  const names = new Array<string>(list.length);
  for (let i = 0; i < list.length; i++) names[i] = expectNonEmptyString(list[i], `${path}[${i}]`);
  return names;
}

function readModelMessage(raw: unknown, path: string, kind: HistoryMessageKind, state: State): ModelMessage {
  const object = expectObject(raw, path);
  const role = kind === 'injected' ? 'user' : kind;
  expectLiteral(object.role, at(path, 'role'), role);
  switch (role) {
    case 'user':
      onlyKeys(object, path, USER_KEYS);
      state.batch = undefined;
      return { role: 'user', content: readContent(object.content, at(path, 'content'), state) };
    case 'assistant':
      onlyKeys(object, path, ASSISTANT_KEYS);
      return readAssistant(object, path, state);
    case 'tool': {
      onlyKeys(object, path, TOOL_KEYS);
      const toolCallId = expectString(object.toolCallId, at(path, 'toolCallId'));
      const toolName = expectString(object.toolName, at(path, 'toolName'));
      answer(state, toolCallId, toolName, path);
      return {
        role: 'tool',
        toolCallId,
        toolName,
        content: readContent(object.content, at(path, 'content'), state),
      };
    }
  }
}

function readAssistant(
  object: { readonly [key: string]: unknown },
  path: string,
  state: State,
): AssistantMessage {
  const text = expectString(object.text, at(path, 'text'));
  const reasoning = optionalString(object.reasoning, at(path, 'reasoning'));
  const rawCalls = expectArray(object.toolCalls, at(path, 'toolCalls'));
  const toolCalls = new Array<ToolCall>(rawCalls.length);
  const index = rawCalls.length > INDEX_FROM ? new Map<string, number>() : undefined;
  for (let i = 0; i < rawCalls.length; i++) {
    const callPath = `${path}.toolCalls[${i}]`;
    const call = expectShape(rawCalls[i], callPath, CALL_KEYS);
    const id = expectString(call.id, `${callPath}.id`);
    const name = expectString(call.name, `${callPath}.name`);
    const args = expectString(call.arguments, `${callPath}.arguments`);
    if (findCall(toolCalls, index, id, i) >= 0)
      fail(`${callPath}.id ${quote(id)} repeats an earlier call id of the same message`);
    index?.set(id, i);
    toolCalls[i] = { id, name, arguments: args };
  }
  state.batch =
    toolCalls.length > 0
      ? { calls: toolCalls, answered: new Array(toolCalls.length).fill(false), index }
      : undefined;
  return reasoning === undefined
    ? { role: 'assistant', text, toolCalls }
    : { role: 'assistant', text, reasoning, toolCalls };
}

/** A tool result must answer, once, a call of the assistant message its run of results follows. */
function answer(state: State, toolCallId: string, toolName: string, path: string): void {
  const batch = state.batch;
  const at = batch === undefined ? -1 : findCall(batch.calls, batch.index, toolCallId, batch.calls.length);
  if (batch === undefined || at < 0) {
    fail(`${path}.toolCallId ${quote(toolCallId)} answers no tool call of the assistant message before it`);
  }
  if (batch.answered[at])
    fail(`${path}.toolCallId ${quote(toolCallId)} answers a tool call that already has a result`);
  const name = batch.calls[at]!.name;
  if (name !== toolName) {
    fail(
      `${path}.toolName ${quote(toolName)} differs from the name of tool call ${quote(toolCallId)} (${quote(name)})`,
    );
  }
  batch.answered[at] = true;
}

function readContent(raw: unknown, path: string, state: State): Content {
  if (typeof raw === 'string') return raw;
  if (!Array.isArray(raw)) fail(`${path} must be a string or an array of parts, got ${describe(raw)}`);
  const parts = new Array<ContentPart>(raw.length);
  for (let i = 0; i < raw.length; i++) parts[i] = readPart(raw[i], `${path}[${i}]`, state);
  return parts;
}

function readPart(raw: unknown, path: string, state: State): ContentPart {
  const part = expectObject(raw, path);
  if (part.type === 'text') {
    onlyKeys(part, path, TEXT_KEYS);
    return { type: 'text', text: expectString(part.text, at(path, 'text')) };
  }
  if (part.type !== 'image') fail(`${path}.type must be "text" or "image", got ${describeValue(part.type)}`);
  const mediaType = expectString(part.mediaType, at(path, 'mediaType'));
  if (!MEDIA_TYPE.test(mediaType)) fail(`${path}.mediaType ${quote(mediaType)} is not a media type`);
  if (part.attachment !== undefined && state.allowAttachments) {
    onlyKeys(part, path, IMAGE_REF_KEYS);
    const ref = expectString(part.attachment, at(path, 'attachment'));
    if (!ATTACHMENT_REF.test(ref))
      fail(`${path}.attachment ${quote(ref)} is not of the form attachments/<sha256>.<ext>`);
    const image = { type: 'image' as const, mediaType, data: '' };
    state.pending.push({ part: image, ref, path: at(path, 'attachment') });
    return image;
  }
  if (part.attachment !== undefined) {
    fail(`${path}.attachment is a history-folder reference; only History.load of the folder can resolve it`);
  }
  onlyKeys(part, path, IMAGE_KEYS);
  const data = expectString(part.data, at(path, 'data'));
  if (!isCanonicalBase64(data)) fail(`${path}.data must be padded base64`);
  return { type: 'image', mediaType, data };
}

function readUsage(raw: unknown, path: string): Usage {
  const usage = expectShape(raw, path, USAGE_KEY_SET);
  return {
    inputTokens: readCount(usage.inputTokens, path, 'inputTokens'),
    outputTokens: readCount(usage.outputTokens, path, 'outputTokens'),
    cacheReadTokens: readCount(usage.cacheReadTokens, path, 'cacheReadTokens'),
    cacheWriteTokens: readCount(usage.cacheWriteTokens, path, 'cacheWriteTokens'),
    reasoningTokens: readCount(usage.reasoningTokens, path, 'reasoningTokens'),
  };
}

function readCount(value: unknown, path: string, key: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    fail(`${path}.${key} must be a non-negative integer, got ${describeValue(value)}`);
  }
  return value;
}
