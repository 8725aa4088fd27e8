import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { pdfToText } from '../../src/scrape/pdf-to-text.ts';
import { buildPdf } from '../helpers/build-pdf.ts';

describe('pdfToText', () => {
  it('extracts each page after a page marker and skips empty pages', async () => {
    const text = await pdfToText(buildPdf(['Hello first page', '', 'Third page here']));
    assert.equal(text, '— Page 1 —\nHello first page\n\n— Page 3 —\nThird page here');
  });

  it('rejects bytes that are not a PDF', async () => {
    await assert.rejects(pdfToText(new TextEncoder().encode('%PDF-1.4 but nothing else')));
  });

  it('without the optional unpdf, says which package to install', () => {
    // A child process whose module hooks make `unpdf` unresolvable, as for a user who never installed it.
    const hooks = new URL('../helpers/without-unpdf.mjs', import.meta.url).href;
    const script = `
import { register } from 'node:module';
register(${JSON.stringify(hooks)});
const { pdfToText } = await import(${JSON.stringify(new URL('../../src/scrape/pdf-to-text.ts', import.meta.url).href)});
await pdfToText(new Uint8Array([37, 80, 68, 70, 45])).then(
  () => console.log('read'),
  (error) => console.log(error.message),
);`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    assert.equal(child.status, 0, child.stderr);
    assert.equal(
      child.stdout.trim(),
      'reading PDFs needs the optional package unpdf (npm install unpdf@1.7.0)',
    );
  });
});
