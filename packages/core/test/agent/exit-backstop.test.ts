// The exit backstop: close handlers of an agent never closed run at process exit.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';

const core = new URL('../../src/index.ts', import.meta.url).href;

function runScript(body: string): string {
  const script = `import { Agent } from ${JSON.stringify(core)};
const model = { specificationVersion: 'kodama.model.v1', provider: 'x', modelId: 'y', stream() { throw new Error('unused'); } };
${body}`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

describe('exit backstop', () => {
  test('an agent never closed has its handlers run at exit, last armed first', () => {
    const out = runScript(`
globalThis.kept = new Agent({ model, systemPrompt: 's', configure: (c) => {
  c.onClose(() => process.stdout.write('first\\n'));
  c.onClose(() => process.stdout.write('second\\n'));
} });
process.stdout.write('exiting\\n');`);
    assert.equal(out, 'exiting\nsecond\nfirst\n');
  });

  test('a closed agent does not run its handlers again at exit', () => {
    const out = runScript(`
const agent = new Agent({ model, systemPrompt: 's', configure: (c) => c.onClose(() => process.stdout.write('closed\\n')) });
await agent.close();
process.stdout.write('exiting\\n');`);
    assert.equal(out, 'closed\nexiting\n');
  });
});
