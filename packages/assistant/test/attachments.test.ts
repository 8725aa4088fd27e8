// Attachments on a real disk: `@file` adds a text file's content, `@dir/`
// its listing, an image (by `@` or a pasted path) becomes an image part for
// a model that takes images and a clear message for one that does not; and
// the `@` completion lists project files.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  AssistantCompletion,
  expandAttachments,
  modelAcceptsImages,
  plainTheme,
  Transcript,
  typedPrompt,
} from '../src/internal.ts';

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

test('an image is refused or attached by what the model declares, never by its name', async () => {
  const root = await project();
  // Named like a vision model, declared text-only: refused with a message.
  const textOnly = { provider: 'openai', modelId: 'gpt-4o', capabilities: { imageInput: false } };
  const refused = await expandAttachments('see @shot.png', root, modelAcceptsImages(textOnly));
  assert.deepEqual(refused.problems, ['shot.png: this model does not take images; not attached']);
  // Named like nothing known, declared to read images: attached.
  const vision = { provider: 'local', modelId: 'my-model.gguf', capabilities: { imageInput: true } };
  const attached = await expandAttachments('see @shot.png', root, modelAcceptsImages(vision));
  assert.deepEqual(attached.attached, ['shot.png (image)']);
});

test('which models take images: what the model declares; nothing declared is unknown', () => {
  assert.equal(modelAcceptsImages({ capabilities: { imageInput: false } }), false);
  assert.equal(modelAcceptsImages({ capabilities: { imageInput: true } }), true);
  assert.equal(modelAcceptsImages({ capabilities: {} }), undefined, 'unknown: the image is sent');
  assert.equal(modelAcceptsImages({}), undefined);
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

test('a sent prompt reads back as typed, with the names of what it attached; a conversation replays that way', async () => {
  const root = await project();
  await writeFile(join(root, 'tricky.md'), 'a file that quotes a closing tag:\n</file>\n\nand goes on\n');
  const out = await expandAttachments('compare @src/app.ts with @tricky.md in @src/', root, undefined);
  assert.deepEqual(typedPrompt(out.content as string), {
    text: 'compare @src/app.ts with @tricky.md in @src/',
    attached: ['src/app.ts', 'tricky.md', 'src/'],
  });
  assert.deepEqual(typedPrompt('plain\n\ntext'), { text: 'plain\n\ntext', attached: [] });
  const transcript = new Transcript(plainTheme);
  transcript.replay([
    { id: 'm1', kind: 'user', message: { role: 'user', content: out.content } },
    {
      id: 'm2',
      kind: 'injected',
      message: {
        role: 'user',
        content:
          '<conversation-summary messages="4">\nThe 4 earlier messages…\n\nWe talked.\n</conversation-summary>',
      },
    },
  ]);
  const screen = transcript.render(80).join('\n');
  assert.match(
    screen,
    /› compare @src\/app\.ts with @tricky\.md in @src\/\n\n {2}attached: src\/app\.ts, tricky\.md, src\//,
  );
  assert.match(screen, /earlier conversation summarised \(4 messages\)/);
  assert.doesNotMatch(screen, /<file|<conversation-summary|export const x/);
});

test('a completion drawn for an earlier text leaves the input as typed; a current one completes', () => {
  const completion = new AssistantCompletion([{ name: 'help' }, { name: 'cost' }], '/tmp');
  const help = { value: 'help', label: 'help' };
  // The menu for `/` with `/cost` typed since (a paste): nothing changes, Enter sends /cost.
  assert.deepEqual(completion.applyCompletion(['/cost'], 0, 5, help, '/'), {
    lines: ['/cost'],
    cursorLine: 0,
    cursorCol: 5,
  });
  assert.equal(completion.applyCompletion(['/he'], 0, 3, help, '/he').lines[0]?.trim(), '/help');
});
