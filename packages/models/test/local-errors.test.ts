import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  LocalBinaryMissingError,
  LocalModelFileError,
  LocalRuntimeMissingError,
  ModelTargetError,
  parseTarget,
  resolveModel,
} from '@kodama/models';
import { tinyChatModelBytes, writeTinyChatModel } from '@kodama/testkit';
import { loadNodeLlamaCpp, type NodeLlamaCpp } from '../src/local/load-node-llama-cpp.ts';

let dir: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kodama-local-errors-'));
});
after(() => rm(dir, { recursive: true, force: true }));

describe('local: targets', () => {
  test('parse: a file, an hf: URI, the default, and query options', () => {
    assert.deepEqual(
      parseTarget('local:/m/a.gguf?ctx=2048&threads=1&gpu=auto&temperature=0.5&seed=7&parallel=2'),
      {
        provider: 'local',
        source: { kind: 'file', path: '/m/a.gguf' },
        options: { contextSize: 2048, threads: 1, gpu: 'auto', temperature: 0.5, seed: 7, parallel: 2 },
      },
    );
    assert.deepEqual(parseTarget('local:hf:u/r/f.gguf'), {
      provider: 'local',
      source: { kind: 'hf', uri: 'hf:u/r/f.gguf' },
      options: {},
    });
    assert.deepEqual(parseTarget('local'), { provider: 'local', source: { kind: 'default' }, options: {} });
  });

  test('bad options and malformed hf: URIs are ModelTargetErrors that show the right form', () => {
    assert.throws(() => parseTarget('local:/m.gguf?threads=two'), /"threads=two".*whole number/);
    assert.throws(() => parseTarget('local:/m.gguf?colour=red'), /unknown option "colour".*ctx, threads/);
    assert.throws(() => parseTarget('local:/m.gguf?gpu=yes'), /gpu=false, gpu=auto/);
    assert.throws(
      () => parseTarget('local:hf:just-a-name'),
      (e: unknown) => {
        assert.ok(e instanceof ModelTargetError);
        assert.match(e.message, /local:hf:<user>\/<repo>\/<file>\.gguf/);
        return true;
      },
    );
  });
});

describe('local: errors name the fix', () => {
  test('a missing file', async () => {
    const path = join(dir, 'nowhere.gguf');
    await assert.rejects(resolveModel(`local:${path}`), (e: unknown) => {
      assert.ok(e instanceof LocalModelFileError);
      assert.equal(e.path, path);
      assert.match(e.message, /cannot read the model file .*nowhere\.gguf \(no such file\): check the path/);
      return true;
    });
  });

  test('a file that is not GGUF', async () => {
    const path = join(dir, 'model.safetensors');
    await writeFile(path, '{"not": "a gguf"}');
    await assert.rejects(resolveModel(`local:${path}`), (e: unknown) => {
      assert.ok(e instanceof LocalModelFileError);
      assert.match(e.message, /is not a GGUF model file.*download a \.gguf build/);
      return true;
    });
  });

  test('a truncated GGUF file fails to load with a LocalModelFileError', async () => {
    const path = join(dir, 'truncated.gguf');
    await writeFile(path, tinyChatModelBytes().subarray(0, 4096));
    await assert.rejects(resolveModel(`local:${path}?threads=1`), (e: unknown) => {
      assert.ok(e instanceof LocalModelFileError, String(e));
      assert.match(e.message, /llama\.cpp could not load .*damaged or truncated/);
      return true;
    });
  });

  test('node-llama-cpp not installed: the install command', async () => {
    // A real failed import of a package that is not there.
    const missing = () => import(['node-llama-cpp', 'absent'].join('-')) as Promise<NodeLlamaCpp>;
    await assert.rejects(loadNodeLlamaCpp(missing), (e: unknown) => {
      assert.ok(e instanceof LocalRuntimeMissingError);
      assert.match(e.message, /npm install node-llama-cpp@3\.21\.1/);
      return true;
    });
  });

  test('no prebuilt binary (gpu=cuda here: the monorepo installs the CPU build only)', async () => {
    const path = await writeTinyChatModel(join(dir, 'tiny.gguf'));
    await assert.rejects(resolveModel(`local:${path}?threads=1&gpu=cuda`), (e: unknown) => {
      assert.ok(e instanceof LocalBinaryMissingError, String(e));
      assert.equal(e.variant, 'cuda');
      assert.match(
        e.message,
        /no prebuilt llama\.cpp binary for .*\(cuda\).*never compiles one: .*drop gpu=cuda/,
      );
      return true;
    });
  });
});
