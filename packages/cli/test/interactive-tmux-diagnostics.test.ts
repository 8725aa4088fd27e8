// Diagnostics after an edit, end to end under tmux: a trusted project's
// configuration names a check command (the real tsc here); after the model
// writes a file that breaks a type, the next request carries tsc's finding
// with the write's result, and the screen shows it folded on the call's line.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assistantUnderTmux, last, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();
const TSC = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));

test('a configured check command: a write that breaks a type comes back to the model with TS2322, shown folded', {
  skip,
}, async () => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-diag-'));
  await mkdir(join(root, '.kodama'));
  const command = `${process.execPath} ${TSC} --noEmit --strict made.ts`;
  await writeFile(join(root, '.kodama', 'config.json'), JSON.stringify({ diagnostics: { command } }));
  const { tmux, server } = await open(
    (r) =>
      r.callIndex === 0
        ? {
            toolCalls: [
              { name: 'write', arguments: { path: 'made.ts', content: "const n: number = 'text';\n" } },
            ],
          }
        : { text: 'checked' },
    ['--trust', '--yes'],
    { root, home: join(root, '.home') },
  );
  tmux.type('write made.ts');
  tmux.keys('Enter');
  const screen = await tmux.waitFor('checked');
  const told = last(server.modelCalls[1]!);
  assert.ok(told.tool);
  assert.match(told.text, /Diagnostics after this change \(.*tsc --noEmit --strict made\.ts\): 1 error\./);
  assert.match(told.text, /made\.ts:1:7 error TS2322: Type 'string' is not assignable to type 'number'/);
  assert.match(screen, /⎿ .* · diagnostics: 1 error/);
});
