import assert from 'node:assert/strict';
import { realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { READ_MAX_BYTES, READ_MAX_LINE_LENGTH, runProcess } from '../src/index.ts';
import { call, makeFixture, text, toolsFor } from './fixture.ts';

/** A one-page PDF with the text "Hello PDF" (offsets computed, so pdf.js reads it without repair). */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = 'BT /F1 12 Tf 20 100 Td (Hello PDF) Tj ET';
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

test('the default page stops at the byte cap and says how to go on', async (t) => {
  const f = await makeFixture(t);
  writeFileSync(
    join(f.project, 'big.txt'),
    Array.from({ length: 5000 }, (_, i) => `line ${i + 1} ${'x'.repeat(40)}`).join('\n'),
  );
  const out = text(await call(toolsFor(f).read, { path: 'big.txt' }));
  assert.ok(Buffer.byteLength(out) < READ_MAX_BYTES + 300);
  const last = Number(
    /stopped at line (\d+) by the 50 KiB output limit; big\.txt continues: call read with offset=(\d+)/.exec(
      out,
    )?.[1],
  );
  assert.ok(last > 100 && last < 5000);
  const next = text(await call(toolsFor(f).read, { path: 'big.txt', offset: last + 1, limit: 3 }));
  assert.match(next, new RegExp(`^ *${last + 1}\\tline ${last + 1} `));
  assert.match(next, /by the line limit/);
});

test('long lines are cut with a marker that suggests grep', async (t) => {
  const f = await makeFixture(t);
  writeFileSync(join(f.project, 'min.js'), `${'a'.repeat(READ_MAX_LINE_LENGTH + 500)}\nshort\n`);
  const out = text(await call(toolsFor(f).read, { path: 'min.js' }));
  assert.match(
    out,
    /\[\.\.\. line truncated: 2500 characters; use the grep tool to search long lines\]\n {5}2\tshort$/,
  );
});

test('binary files, directories, missing files and bad offsets are Error observations', async (t) => {
  const f = await makeFixture(t);
  writeFileSync(join(f.project, 'blob.bin'), Buffer.from([1, 2, 0, 3, 4]));
  writeFileSync(
    join(f.project, 'noise.dat'),
    Buffer.from(Array.from({ length: 400 }, (_, i) => (i * 7) % 32)),
  );
  const read = (args: Record<string, unknown>) => call(toolsFor(f).read, args).then(text);
  assert.match(await read({ path: 'blob.bin' }), /^Error: blob\.bin is a binary file/);
  assert.match(await read({ path: 'noise.dat' }), /^Error: noise\.dat is a binary file/);
  assert.match(await read({ path: 'docs' }), /^Error: docs is a directory; use the glob tool/);
  assert.match(await read({ path: 'nope.txt' }), /^Error: nope\.txt does not exist/);
  assert.match(
    await read({ path: 'src/app.ts', offset: 99 }),
    /^Error: offset 99 is past the end of src\/app\.ts \(4 lines\)/,
  );
  assert.match(await read({ path: 'src/app.ts', offset: 0 }), /^Error: offset is 1-based/);
  assert.match(await read({ path: 7 }), /^Error: invalid arguments for read/);
});

test('CRLF files read as plain lines; UTF-8 survives', async (t) => {
  const f = await makeFixture(t);
  writeFileSync(join(f.project, 'win.txt'), 'één\r\ntwee 🌳\r\n');
  assert.equal(text(await call(toolsFor(f).read, { path: 'win.txt' })), '     1\téén\n     2\ttwee 🌳');
});

test('images come back as image content', async (t) => {
  const f = await makeFixture(t);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(24, 1),
  ]);
  writeFileSync(join(f.project, 'logo.png'), png);
  const outcome = await call(toolsFor(f).read, { path: 'logo.png' });
  assert.equal(outcome.kind, 'ok');
  const parts = outcome.result as readonly { type: string; data?: string; mediaType?: string }[];
  assert.equal(parts[1]?.type, 'image');
  assert.equal(parts[1]?.mediaType, 'image/png');
  assert.equal(parts[1]?.data, png.toString('base64'));
});

test('PDFs come back as text, page by page', async (t) => {
  const f = await makeFixture(t);
  writeFileSync(join(f.project, 'doc.pdf'), tinyPdf());
  const outcome = await call(toolsFor(f).read, { path: 'doc.pdf' });
  assert.equal(text(outcome), '     1\t— Page 1 —\n     2\tHello PDF');
});

test('an empty file says so', async (t) => {
  const f = await makeFixture(t);
  writeFileSync(join(f.project, 'empty.txt'), '');
  assert.equal(text(await call(toolsFor(f).read, { path: 'empty.txt' })), 'empty.txt is empty');
});

test('a FIFO is refused by read, edit, write and grep without hanging', async (t) => {
  const f = await makeFixture(t);
  const fifo = join(f.project, 'pipe');
  const made = await runProcess(['mkfifo', fifo]);
  assert.equal(made.exitCode, 0, made.output);
  const tools = toolsFor(f);
  const outcomes = [
    await call(tools.read, { path: 'pipe' }),
    await call(tools.edit, { path: 'pipe', old_string: 'a', new_string: 'b' }),
    await call(tools.write, { path: 'pipe', content: 'x' }),
    await call(tools.grep, { pattern: 'x', path: 'pipe' }),
  ];
  for (const outcome of outcomes) {
    assert.equal(outcome.kind, 'error', text(outcome));
    assert.match(text(outcome), /^Error: pipe is (a named pipe|not a regular file)/);
  }
  // A directory walk skips it: grep over the project still answers.
  assert.match(text(await call(tools.grep, { pattern: 'answer = 42' })), /src\/app\.ts/);
});

test('readText (an editor): a text file shows its text, paged as lines; the checks come first and are judged on disk', async (t) => {
  const f = await makeFixture(t);
  writeFileSync(join(f.outside, 'secret.txt'), 'outside');
  writeFileSync(join(f.project, 'blob.bin'), Buffer.from([0, 1, 2, 3, 0, 0, 255]));
  const asked: string[] = [];
  const read = toolsFor(f, {
    readText: async (real) => {
      asked.push(real);
      return 'unsaved one\r\nunsaved two\n';
    },
  }).read;
  assert.equal(text(await call(read, { path: 'README.md' })), '     1\tunsaved one\n     2\tunsaved two');
  assert.match(text(await call(read, { path: 'README.md', offset: 2 })), /^ {5}2\tunsaved two$/);
  assert.match(text(await call(read, { path: join(f.outside, 'secret.txt') })), /outside the workspace/);
  assert.match(text(await call(read, { path: 'blob.bin' })), /binary file/);
  assert.equal(asked.length, 2, 'asked only for the text file inside the project');
  const disk = toolsFor(f, { readText: async () => undefined }).read;
  assert.match(text(await call(disk, { path: 'README.md' })), /# Demo/);
});

test('readText (an editor): an unsaved .npmrc holding a token is refused as the file on disk would be; a clean one shows', async (t) => {
  const f = await makeFixture(t);
  // On disk the file holds no credential, so the checks on disk let it through.
  writeFileSync(join(f.project, '.npmrc'), 'registry=https://registry.npmjs.org/\n');
  const buffers: Record<string, string> = {};
  const read = toolsFor(f, { readText: async (real) => buffers[real] }).read;
  const real = realpathSync(join(f.project, '.npmrc'));
  buffers[real] = '//registry.npmjs.org/:_authToken=npm_CANARYTOKEN123\n';
  const refused = text(await call(read, { path: '.npmrc' }));
  assert.match(refused, /is a credential file .*access is refused/);
  assert.ok(!refused.includes('CANARYTOKEN'), 'the token never reaches the model');
  buffers[real] = 'registry=https://example.test/\n';
  assert.equal(text(await call(read, { path: '.npmrc' })), '     1\tregistry=https://example.test/');
});
