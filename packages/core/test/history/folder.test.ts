import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { History, HistoryError } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';
import { PNG_1X1, SAMPLE } from './sample.ts';

const root = await mkdtemp(join(tmpdir(), 'kodama-history-folder-'));
after(() => rm(root, { recursive: true, force: true }));
let counter = 0;
const fresh = (name: string) => join(root, `${++counter}-${name}`);

const PNG_SHA = createHash('sha256').update(Buffer.from(PNG_1X1, 'base64')).digest('hex');
const PNG_REF = `attachments/${PNG_SHA}.png`;

/** SAMPLE plus a second message repeating the same image. */
const REPEATED: readonly HistoryMessage[] = [
  ...SAMPLE,
  {
    id: 'm5',
    kind: 'user',
    message: { role: 'user', content: [{ type: 'image', mediaType: 'image/png', data: PNG_1X1 }] },
  },
];

async function rejectsWith(promise: Promise<unknown>, problem: RegExp, source?: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(HistoryError.isInstance(error), `expected a HistoryError, got ${String(error)}`);
    assert.match(error.problem, problem);
    if (source !== undefined) assert.equal(error.source, source);
    return true;
  });
}

describe('history folder layout', () => {
  test('writes each image once under attachments/<sha256>.<ext> and references it', async () => {
    const dir = fresh('conv');
    const history = new History(REPEATED);
    await history.save(dir);
    assert.deepEqual(await readdir(join(dir, 'attachments')), [`${PNG_SHA}.png`]);
    assert.deepEqual(await readFile(join(dir, PNG_REF)), Buffer.from(PNG_1X1, 'base64'));
    const stored = await readFile(join(dir, 'history.json'), 'utf8');
    assert.ok(!stored.includes(PNG_1X1), 'no inline base64 in the folder form');
    const doc = JSON.parse(stored);
    assert.deepEqual(doc.messages[0].message.content[1], {
      type: 'image',
      mediaType: 'image/png',
      attachment: PNG_REF,
    });
    assert.deepEqual(doc.messages[4].message.content[0], {
      type: 'image',
      mediaType: 'image/png',
      attachment: PNG_REF,
    });
  });

  test('the folder and the single document load to equal values', async () => {
    const dir = fresh('conv');
    const file = `${fresh('conv')}.json`;
    const history = new History(REPEATED);
    await history.save(dir);
    await history.save(file);
    const fromFolder = await History.load(dir);
    const fromFile = await History.load(file);
    assert.ok(fromFolder.equals(history));
    assert.ok(fromFile.equals(history));
    assert.ok(fromFolder.equals(History.parse(history.serialize())));
    assert.equal(await readFile(file, 'utf8'), history.serialize());
  });

  test('layout follows the path unless given', async () => {
    const history = new History(SAMPLE);
    const asFile = fresh('no-extension');
    await history.save(asFile, { layout: 'file' });
    assert.ok((await stat(asFile)).isFile());
    const asFolder = `${fresh('odd')}.json`;
    await history.save(asFolder, { layout: 'folder' });
    assert.ok((await stat(join(asFolder, 'history.json'))).isFile());
    assert.ok((await History.load(asFolder)).equals(history));
  });

  test('saving again replaces history.json and leaves existing attachment files alone', async () => {
    const dir = fresh('conv');
    await new History(SAMPLE).save(dir);
    const before = await stat(join(dir, PNG_REF));
    const other = 'R0lGODlhAQABAAAAACw=';
    const next = new History([
      ...SAMPLE,
      {
        id: 'm9',
        kind: 'user',
        message: { role: 'user', content: [{ type: 'image', mediaType: 'image/gif', data: other }] },
      },
    ]);
    await next.save(dir);
    assert.equal((await stat(join(dir, PNG_REF))).ino, before.ino);
    assert.equal((await readdir(join(dir, 'attachments'))).length, 2);
    assert.ok((await History.load(dir)).equals(next));
  });

  test('refuses a corrupt, missing or non-regular attachment', async () => {
    const corrupt = fresh('corrupt');
    await new History(SAMPLE).save(corrupt);
    await writeFile(join(corrupt, PNG_REF), 'not the png');
    await rejectsWith(
      History.load(corrupt),
      new RegExp(
        `^messages\\[0\\]\\.message\\.content\\[1\\]\\.attachment: ${PNG_REF} does not match its sha256`,
      ),
      corrupt,
    );

    const missing = fresh('missing');
    await new History(SAMPLE).save(missing);
    await rm(join(missing, PNG_REF));
    await rejectsWith(History.load(missing), /cannot read attachments\/[0-9a-f]{64}\.png \(ENOENT\)/);

    const linked = fresh('linked');
    await new History(SAMPLE).save(linked);
    const outside = join(root, 'outside.png');
    await writeFile(outside, Buffer.from(PNG_1X1, 'base64'));
    await rm(join(linked, PNG_REF));
    await symlink(outside, join(linked, PNG_REF));
    await rejectsWith(History.load(linked), /is not a regular file/);
  });

  test('refuses references that leave the attachments folder', async () => {
    const dir = fresh('escape');
    await new History(SAMPLE).save(dir);
    const path = join(dir, 'history.json');
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace(PNG_REF, '../../etc/passwd'));
    await rejectsWith(
      History.load(dir),
      /attachment "\.\.\/\.\.\/etc\/passwd" is not of the form attachments\/<sha256>\.<ext>/,
    );
  });

  test('turns unreadable paths and malformed files into HistoryError naming the path', async () => {
    const nowhere = fresh('nowhere');
    await rejectsWith(History.load(nowhere), /^cannot read .*nowhere \(ENOENT\)$/, nowhere);
    const emptyDir = fresh('empty');
    await new History([]).save(emptyDir);
    await rm(join(emptyDir, 'history.json'));
    await rejectsWith(History.load(emptyDir), /history\.json \(ENOENT\)/, emptyDir);
    const broken = `${fresh('broken')}.json`;
    await writeFile(broken, '{"format":"kodama.history","version":1,"messages":[{"id":');
    await assert.rejects(History.load(broken), (error: unknown) => {
      assert.ok(HistoryError.isInstance(error));
      assert.match(error.message, new RegExp(`^${broken}: history is not valid JSON`));
      return true;
    });
  });
});
