import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fetchTool } from '../../src/fetch/fetch-tool.ts';
import { FetchError } from '../../src/http/fetch-error.ts';
import { httpRequest } from '../../src/http/http-request.ts';
import { runTool, text } from '../helpers/run-tool.ts';
import { startUnacceptingListener, type UnacceptingListener } from '../helpers/unaccepting-listener.ts';

let listener: UnacceptingListener;
before(async () => {
  listener = await startUnacceptingListener();
});
after(() => listener.close());

describe('connect timeout', () => {
  it('gives up on a connect that never completes', async () => {
    // readTimeoutMs is small too: if the connect did complete, the test fails on the message, not a hang.
    const error = await httpRequest(`http://127.0.0.1:${listener.port}/`, {
      connectTimeoutMs: 100,
      readTimeoutMs: 1_000,
    }).then(
      () => assert.fail('expected a rejection'),
      (e: unknown) => e,
    );
    assert.ok(FetchError.isInstance(error));
    assert.equal(error.kind, 'timeout');
    assert.equal(error.message, `connecting to 127.0.0.1:${listener.port} timed out after 0.1 s`);
  });

  it('reaches the model as an Error observation', async () => {
    const tool = fetchTool({ http: { connectTimeoutMs: 50, readTimeoutMs: 1_000 } });
    assert.equal(
      text(await runTool(tool, { url: `http://127.0.0.1:${listener.port}/data.json` })),
      `Error: connecting to 127.0.0.1:${listener.port} timed out after 0.05 s`,
    );
  });
});
