// Attachments on a real disk: `@file` adds a text file's content, `@dir/`
// its listing, an image (by `@` or a pasted path) becomes an image part for
// a model that takes images and a clear message for one that does not; and
// the `@` completion lists project files.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { AssistantCompletion, expandAttachments, modelAcceptsImages } from '../src/index.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

async function project() {
  const root = await mkdtemp(join(tmpdir(), 'kodama-att-'));
  await mkdir(join(root, 'src'));
  await writeFile(join(root, 'src', 'app.ts'), 'export const x = 1;\n');
  await writeFile(join(root, 'shot.png'), PNG);
  await writeFile(join(root, 'My Shot.png'), PNG);
  return root;
}

test('@file attaches its text after the prompt; unknown @words stay as typed', async () => {
  const root = await project();
  const out = await expandAttachments('look at @src/app.ts and @nobody, thanks', root, undefined);
  assert.equal(
    out.content,
    'look at @src/app.ts and @nobody, thanks\n\n<file path="src/app.ts">\nexport const x = 1;\n\n</file>',
  );
  assert.deepEqual(out.attached, ['src/app.ts']);
  assert.deepEqual(out.problems, []);
  const dir = await expandAttachments('what is in @src/', root, undefined);
  assert.match(dir.content as string, /<directory path="src">\napp\.ts\n<\/directory>/);
});

test('images attach for models that take them, pasted paths included; otherwise a clear message', async () => {
  const root = await project();
  const pasted = `compare @shot.png with ${join(root, 'My\\ Shot.png')}`;
  const out = await expandAttachments(pasted, root, true);
  assert.ok(Array.isArray(out.content));
  const parts = out.content as readonly { type: string; mediaType?: string; data?: string }[];
  assert.deepEqual(
    parts.map((p) => p.type),
    ['text', 'image', 'image'],
  );
  assert.equal(parts[1]?.mediaType, 'image/png');
  assert.equal(Buffer.from(parts[1]?.data ?? '', 'base64').toString('hex'), PNG.toString('hex'));
  assert.deepEqual(out.attached, ['shot.png (image)', 'My Shot.png (image)']);
  const refused = await expandAttachments('see @shot.png', root, false);
  assert.equal(refused.content, 'see @shot.png');
  assert.deepEqual(refused.problems, ['shot.png: this model does not take images; not attached']);
});

test('which models take images: known families, local models never, unknown undefined', () => {
  assert.equal(modelAcceptsImages('local', 'qwen3-1.7b'), false);
  assert.equal(modelAcceptsImages('openai', 'gpt-4o-mini'), true);
  assert.equal(modelAcceptsImages('openai', 'gpt-3.5-turbo'), false);
  assert.equal(modelAcceptsImages('anthropic', 'claude-sonnet-4-5'), true);
  assert.equal(modelAcceptsImages('openai-compatible', 'qwen2.5-vl-7b'), true);
  assert.equal(modelAcceptsImages('openai-compatible', 'scripted-model'), undefined);
});

test('@ completion lists project files by name and directories by prefix', async () => {
  const root = await project();
  const completion = new AssistantCompletion([], root);
  const signal = new AbortController().signal;
  const byName = await completion.getSuggestions(['see @app'], 0, 8, { signal });
  assert.deepEqual(
    byName?.items.map((i) => i.value),
    ['@src/app.ts'],
  );
  const byDir = await completion.getSuggestions(['@src/'], 0, 5, { signal });
  assert.deepEqual(
    byDir?.items.map((i) => i.label),
    ['src/app.ts'],
  );
});
