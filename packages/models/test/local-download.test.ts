import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  type DownloadProgress,
  type LocalModelHandle,
  listCachedModels,
  ModelDownloadError,
  removeCachedModel,
  resolveModel,
} from '@kodama/models';
import { TINY_MODEL, tinyChatModelBytes } from '@kodama/testkit';

// A fake Hugging Face hub on 127.0.0.1 (HF_ENDPOINT), serving a generated
// model with HEAD and Range support, as huggingface.co does.

const BYTES = tinyChatModelBytes();
const URI = 'hf:kodama-test/tiny-GGUF/tiny-Q4_K_M.gguf';

interface Hub {
  readonly url: string;
  readonly requests: IncomingMessage[];
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }),
  );
}

async function startHub(): Promise<Hub> {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    if (req.url !== '/kodama-test/tiny-GGUF/resolve/main/tiny-Q4_K_M.gguf') {
      res.writeHead(404).end('not found');
      return;
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const from = range ? Number(range[1]) : 0;
    const body = BYTES.subarray(from);
    res.writeHead(range ? 206 : 200, {
      'content-length': String(body.length),
      ...(range ? { 'content-range': `bytes ${from}-${BYTES.length - 1}/${BYTES.length}` } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  const url = await listen(server);
  return {
    url,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let cache: string;
const open: LocalModelHandle[] = [];

before(async () => {
  cache = await mkdtemp(join(tmpdir(), 'kodama-hub-'));
});
after(async () => {
  for (const model of open) await model.close();
  await rm(cache, { recursive: true, force: true });
});

async function resolveFrom(endpoint: string, onDownloadProgress?: (p: DownloadProgress) => void) {
  const model = (await resolveModel(`local:${URI}?threads=1`, {
    env: { HF_ENDPOINT: endpoint, XDG_CACHE_HOME: cache },
    local: { onDownloadProgress },
  })) as LocalModelHandle;
  open.push(model);
  return model;
}

describe('local:hf: downloads from a fake hub', () => {
  test('first use downloads with progress into the XDG cache; the second use is offline', async () => {
    const hub = await startHub();
    const progress: DownloadProgress[] = [];
    const model = await resolveFrom(hub.url, (p) => progress.push(p));
    const path = join(cache, 'kodama', 'models', 'kodama-test', 'tiny-GGUF', 'tiny-Q4_K_M.gguf');
    assert.equal(model.path, path);
    assert.deepEqual(await readFile(path), BYTES);
    assert.ok(progress.length > 2, `several progress events, got ${progress.length}`);
    assert.deepEqual(progress.at(-1), {
      file: 'tiny-Q4_K_M.gguf',
      url: `${hub.url}/kodama-test/tiny-GGUF/resolve/main/tiny-Q4_K_M.gguf`,
      downloadedBytes: BYTES.length,
      totalBytes: BYTES.length,
    });
    assert.deepEqual(
      hub.requests.map((r) => r.method),
      ['HEAD', 'GET'],
    );
    await hub.close();

    // The hub is gone: the cached file answers with no request at all.
    const again = await resolveFrom(hub.url);
    let text = '';
    for await (const part of again.stream({ messages: [{ role: 'user', content: 'Hi' }] })) {
      if (part.type === 'text-delta') text += part.text;
    }
    assert.equal(text, TINY_MODEL.greeting);
    assert.deepEqual(
      (await listCachedModels(join(cache, 'kodama', 'models'))).map((m) => [m.uri, m.bytes]),
      [[URI, BYTES.length]],
    );
  });

  test('a partial download resumes with a Range request', async () => {
    const models = join(cache, 'kodama', 'models');
    await removeCachedModel(models, URI);
    const path = join(models, 'kodama-test', 'tiny-GGUF', 'tiny-Q4_K_M.gguf');
    await mkdir(join(models, 'kodama-test', 'tiny-GGUF'), { recursive: true });
    await writeFile(`${path}.part`, BYTES.subarray(0, 100_000));
    const hub = await startHub();
    const progress: DownloadProgress[] = [];
    await resolveFrom(hub.url, (p) => progress.push(p));
    await hub.close();
    assert.equal(hub.requests.at(-1)?.headers.range, 'bytes=100000-');
    assert.equal(progress[0]?.downloadedBytes, 100_000, 'progress starts where the part file ended');
    assert.deepEqual(await readFile(path), BYTES);
    await assert.rejects(stat(`${path}.part`), { code: 'ENOENT' });
  });

  test('an unreachable host fails at the 5 s answer timeout (not after a long hang), naming the URL and where to place the file', async () => {
    await removeCachedModel(join(cache, 'kodama', 'models'), URI);
    // A host that accepts connections and never answers (the worst case: no quick refusal).
    const silent = createServer(() => {});
    const url = await listen(silent);
    try {
      await assert.rejects(resolveFrom(url), (e: unknown) => {
        assert.ok(e instanceof ModelDownloadError, String(e));
        assert.match(
          e.message,
          /could not download http:\/\/127\.0\.0\.1:\d+\/kodama-test\/tiny-GGUF\/resolve\/main\/tiny-Q4_K_M\.gguf/,
        );
        assert.match(e.message, /unreachable \(no answer within 5 s\)/);
        assert.match(e.message, /place it at .*kodama\/models\/kodama-test\/tiny-GGUF\/tiny-Q4_K_M\.gguf/);
        return true;
      });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  test('a refused connection fails at once, and an HTTP 404 says so', async () => {
    // Port 2: below the ephemeral range, so no concurrently running test's server can hold it.
    await assert.rejects(resolveFrom('http://127.0.0.1:2'), /unreachable \(ECONNREFUSED\)/);
    const hub = await startHub();
    try {
      await assert.rejects(
        resolveModel('local:hf:kodama-test/tiny-GGUF/absent.gguf', {
          env: { HF_ENDPOINT: hub.url, XDG_CACHE_HOME: cache },
        }),
        /absent\.gguf: HTTP 404/,
      );
    } finally {
      await hub.close();
    }
  });
});
