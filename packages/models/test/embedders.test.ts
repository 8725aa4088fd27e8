import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EmbeddingDimensionError, ModelError, ModelTargetError, resolveEmbedder } from '@kodama/models';
import { hashEmbedding, type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { createOpenAICompatibleEmbedder } from '../src/embed/openai-embedder.ts';

// The OpenAI-compatible embedder over real HTTP against the scripted server's
// `/v1/embeddings` (hash vectors, so the expected answer is computable).

let server: ScriptedServer;
const fast = { baseDelayMs: 1, maxDelayMs: 5 };

before(async () => {
  server = await startOpenAICompatibleServer({ script: [], embeddings: { dimensions: 16 } });
});
after(() => server.close());

const embedCalls = () => server.requests.filter((r) => r.path === '/v1/embeddings');

describe('OpenAI-compatible embeddings', () => {
  test('embeds in batches, in input order, and fixes the dimension on the first answer', async () => {
    const before = embedCalls().length;
    const embedder = resolveEmbedder(`openai-compatible:${server.url}/v1@embed-small`, { batchSize: 2 });
    assert.equal(embedder.dimensions, undefined, 'unknown before the first call');
    const texts = ['red apples', 'green pears', 'blue plums', 'ripe figs', 'dry dates'];
    const vectors = await embedder.embed(texts);
    assert.equal(vectors.length, 5);
    texts.forEach((t, i) => {
      assert.deepEqual(vectors[i], hashEmbedding(t, 16));
    });
    assert.equal(embedder.dimensions, 16);
    const calls = embedCalls().slice(before);
    assert.deepEqual(
      calls.map((c) => (c.body as { input: string[] }).input),
      [texts.slice(0, 2), texts.slice(2, 4), texts.slice(4)],
    );
    assert.equal((calls[0]!.body as { model: string }).model, 'embed-small');
    assert.deepEqual(await embedder.embed([]), [], 'no call for no text');
    assert.equal(embedCalls().length - before, 3);
  });

  test('retries a 503 under the chat policy and reports the retry', async () => {
    const flaky = await startOpenAICompatibleServer({ script: [], embeddings: { failures: [503] } });
    try {
      const embedder = resolveEmbedder(`openai-compatible:${flaky.url}/v1@e`, { retry: fast });
      const retries: string[] = [];
      const [vector] = await embedder.embed(['hello'], { onRetry: (r) => retries.push(r.cause) });
      assert.deepEqual(vector, hashEmbedding('hello', 64));
      assert.deepEqual(retries, ['HTTP 503']);
    } finally {
      await flaky.close();
    }
  });

  test('a 400 is not retried and becomes a ModelError naming the provider', async () => {
    const bad = await startOpenAICompatibleServer({ script: [], embeddings: { failures: [400] } });
    try {
      const embedder = resolveEmbedder(`ollama:nomic-embed-text`, {
        env: { OLLAMA_HOST: bad.url },
        retry: fast,
      });
      await assert.rejects(embedder.embed(['x']), (error: unknown) => {
        assert.ok(ModelError.isInstance(error));
        assert.match(String((error as Error).message), /ollama answered HTTP 400/);
        return true;
      });
      assert.equal(bad.requests.filter((r) => r.path === '/v1/embeddings').length, 1);
    } finally {
      await bad.close();
    }
  });

  test('a later answer of another length is an EmbeddingDimensionError naming both', async () => {
    const other = await startOpenAICompatibleServer({ script: [], embeddings: { dimensions: 8 } });
    try {
      // Fixed at 16 up front, the server answers 8.
      const embedder = createOpenAICompatibleEmbedder({
        baseURL: `${other.url}/v1`,
        modelId: 'e',
        dimensions: 16,
      });
      await assert.rejects(embedder.embed(['x']), (error: unknown) => {
        assert.ok(EmbeddingDimensionError.isInstance(error));
        assert.equal((error as EmbeddingDimensionError).expected, 16);
        assert.equal((error as EmbeddingDimensionError).actual, 8);
        assert.match((error as Error).message, /8 dimensions, but 16/);
        return true;
      });
    } finally {
      await other.close();
    }
  });

  test('an unreachable server is a clear error without retries', async () => {
    const gone = await startOpenAICompatibleServer({ script: [] });
    await gone.close();
    const embedder = resolveEmbedder(`openai-compatible:${gone.url}/v1@e`, { retry: fast });
    await assert.rejects(embedder.embed(['x']), /cannot reach openai-compatible/);
  });
});

describe('embedding targets', () => {
  test('targets without an embedding model say what to write', () => {
    assert.throws(() => resolveEmbedder('anthropic:claude-x'), /no embedding API/);
    assert.throws(
      () => resolveEmbedder('ollama'),
      (e: unknown) => ModelTargetError.isInstance(e),
    );
    assert.throws(() => resolveEmbedder('local'), /embedding model file/);
    assert.throws(() => resolveEmbedder('openai:text-embedding-3-small', { env: {} }), /OPENAI_API_KEY/);
  });

  test('google: batchEmbedContents with the key header, vectors in order', async () => {
    const requests: Array<{ url: string; headers: Headers; body: unknown }> = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init?.body)) as {
        requests: Array<{ content: { parts: [{ text: string }] } }>;
      };
      requests.push({ url: String(input), headers: new Headers(init?.headers), body });
      const embeddings = body.requests.map((r) => ({
        values: Array.from(hashEmbedding(r.content.parts[0].text, 4)),
      }));
      return new Response(JSON.stringify({ embeddings }), { status: 200 });
    };
    const embedder = resolveEmbedder('google:gemini-embedding-001', {
      env: { GEMINI_API_KEY: 'k1' },
      fetch: fakeFetch,
    });
    const vectors = await embedder.embed(['one', 'two']);
    assert.deepEqual(vectors, [hashEmbedding('one', 4), hashEmbedding('two', 4)]);
    assert.equal(
      requests[0]!.url,
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-embedding-001:batchEmbedContents',
    );
    assert.equal(requests[0]!.headers.get('x-goog-api-key'), 'k1');
  });
});
