import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ModelTargetError } from '@kodama/models';
import { importProvider } from '../src/resolve/import-provider.ts';

test('a provider package that is not installed is a ModelTargetError naming the install', async () => {
  const missing = Object.assign(new Error("Cannot find package '@ai-sdk/google' imported from x"), {
    code: 'ERR_MODULE_NOT_FOUND',
  });
  await assert.rejects(
    importProvider('google:gemini-2.5-pro', '@ai-sdk/google', () => Promise.reject(missing)),
    (e: Error) =>
      ModelTargetError.isInstance(e) &&
      e.target === 'google:gemini-2.5-pro' &&
      /npm install @ai-sdk\/google/.test(e.message) &&
      e.cause === missing,
  );
});

test('other failures, and a missing package inside it, pass through unchanged', async () => {
  const inner = Object.assign(new Error("Cannot find package 'zod'"), { code: 'ERR_MODULE_NOT_FOUND' });
  const broken = new SyntaxError('Unexpected token');
  for (const error of [inner, broken]) {
    await assert.rejects(
      importProvider('google:x', '@ai-sdk/google', () => Promise.reject(error)),
      (e) => e === error,
    );
  }
  assert.equal(await importProvider('google:x', '@ai-sdk/google', async () => 42), 42);
});
