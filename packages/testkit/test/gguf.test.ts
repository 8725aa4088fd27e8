import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TINY_MODEL, tinyChatModelBytes } from '../src/index.ts';

test('the tiny chat model is a GGUF v3 file with the llama architecture and a ChatML template', () => {
  const bytes = tinyChatModelBytes({ contextLength: 1024 });
  assert.equal(bytes.subarray(0, 4).toString('ascii'), 'GGUF');
  assert.equal(bytes.readUInt32LE(4), 3);
  assert.equal(bytes.readBigUInt64LE(8), 12n, 'twelve tensors');
  const text = bytes.toString('latin1');
  assert.ok(text.includes('general.architecture') && text.includes(TINY_MODEL.architecture));
  assert.ok(text.includes(TINY_MODEL.chatTemplate));
  assert.ok(bytes.length < 1_000_000, `small: ${bytes.length} bytes`);
});
