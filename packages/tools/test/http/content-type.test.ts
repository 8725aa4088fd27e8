import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeBody,
  isHtmlMediaType,
  isTextualMediaType,
  parseContentType,
} from '../../src/http/content-type.ts';

describe('content types', () => {
  it('parses media type and charset', () => {
    assert.deepEqual(parseContentType('Text/HTML; Charset="ISO-8859-1"'), {
      mediaType: 'text/html',
      charset: 'iso-8859-1',
    });
    assert.deepEqual(parseContentType(undefined), { mediaType: '', charset: undefined });
  });

  it('accepts text and textual application types, refuses binaries', () => {
    for (const type of [
      'text/plain',
      'text/csv',
      'application/json',
      'application/xml',
      'application/javascript',
      'application/xhtml+xml',
      'application/rss+xml',
      'application/atom+xml',
      'application/vnd.api+json',
    ]) {
      assert.equal(isTextualMediaType(type), true, type);
    }
    for (const type of [
      'application/pdf',
      'image/png',
      'application/octet-stream',
      'video/mp4',
      'application/zip',
    ]) {
      assert.equal(isTextualMediaType(type), false, type);
    }
    assert.equal(isHtmlMediaType('application/xhtml+xml'), true);
    assert.equal(isHtmlMediaType('text/plain'), false);
  });

  it('decodes with the charset and falls back to UTF-8 for unknown labels', () => {
    assert.equal(decodeBody(Uint8Array.from([0x63, 0x61, 0x66, 0xe9]), 'iso-8859-1'), 'café');
    assert.equal(decodeBody(new TextEncoder().encode('café'), 'no-such-charset'), 'café');
  });
});
