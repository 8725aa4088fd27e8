import { defineEvent } from '@kodama/core';
import type { CaptureResult } from '../capture/capture-message.ts';

/** A step of the memory extension failed; the conversation goes on without it. */
export interface MemoryError {
  /** Which step: `capture`, `recall`, `summary`, ... */
  readonly stage: string;
  readonly message: string;
}

/** Emitted by `MemoryExtension` after a user message was captured: the facts found and what changed. */
export const MEMORY_CAPTURED = defineEvent<CaptureResult>('memory.captured');
/** Emitted by `MemoryExtension` when capture, recall or the summary fails. */
export const MEMORY_ERROR = defineEvent<MemoryError>('memory.error');
