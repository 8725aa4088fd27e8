import assert from 'node:assert/strict';
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
});
