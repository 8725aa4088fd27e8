// Diagnostics after an edit, end to end: the real `kodama` in tmux on a
// TypeScript project, the real typescript-language-server (installed with
// kodama) or a configured check command (the real tsc), the model on
// testkit's scripted server. In a trusted project an edit that breaks a type
// comes back to the model with the type error and shows folded under the
// call; in an untrusted one no checker starts, not even a language server
// the project ships in its own node_modules.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assistantUnderTmux, last, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();
const TSC = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));

/** A strict TypeScript project with one file; the model breaks its type with an edit. */
async function project(): Promise<{ root: string; home: string }> {
  const root = await mkdtemp(join(tmpdir(), 'kodama-diag-'));
  const home = join(root, '.home');
  await mkdir(join(root, 'src'), { recursive: true });
  await mkdir(home, { recursive: true });
  await writeFile(
    join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext' } }),
  );
  await writeFile(join(root, 'src/count.ts'), 'export const count: number = 1;\n');
  return { root, home };
}

const breakType = (r: Parameters<Parameters<typeof open>[0]>[0]) =>
  last(r).tool
    ? { text: 'done editing' }
    : {
        toolCalls: [
          {
            name: 'edit',
            arguments: { path: 'src/count.ts', old_string: '= 1;', new_string: '= "one";' },
          },
        ],
      };

test('in a trusted TypeScript project an edit that breaks a type comes back with the error, folded on screen', {
  skip,
}, async () => {
  const dirs = await project();
  const { tmux, server } = await open(breakType, ['--trust', '--yes'], dirs);
  tmux.type('make count a word');
  // The text shows before Enter goes: on a loaded machine one chunk of text and Enter reads as a paste.
  await tmux.waitFor('make count a word');
  tmux.keys('Enter');
  const screen = await tmux.waitFor('done editing');
  // The model read the type error with the edit's result.
  const result = last(server.modelCalls[1]!);
  assert.ok(result.tool);
  assert.match(result.text, /^Edited src\/count\.ts/);
  assert.match(result.text, /Diagnostics after this change \(typescript-language-server\): 1 error/);
  assert.match(
    result.text,
    /src\/count\.ts:1:14 error TS2322: Type 'string' is not assignable to type 'number'/,
  );
  // On screen the result is one folded line that says there is an error; Ctrl+O shows it.
  assert.match(
    screen,
    /● edit src\/count\.ts\n\s+⎿ Edited src\/count\.ts: replaced 1 occurrence \(line 1\) · diagnostics: 1 error\n/,
  );
  assert.doesNotMatch(screen, /TS2322/);
  tmux.keys('C-o');
  await tmux.waitFor('TS2322');
  assert.equal(
    await readFile(join(dirs.root, 'src/count.ts'), 'utf8'),
    'export const count: number = "one";\n',
  );
});

test('in an untrusted project no checker runs, not even the language server it ships; the edit still happens', {
  skip,
}, async () => {
  const dirs = await project();
  // The project plants its own "typescript-language-server": trusted, kodama would prefer it.
  const planted = join(dirs.root, 'node_modules/typescript-language-server');
  const marker = join(dirs.root, 'PLANTED-SERVER-RAN');
  await mkdir(join(planted, 'lib'), { recursive: true });
  await writeFile(join(planted, 'package.json'), '{"name":"typescript-language-server","version":"5.3.0"}');
  await writeFile(
    join(planted, 'lib/cli.mjs'),
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\n`,
  );
  const { tmux, server } = await open(breakType, ['--yes'], dirs);
  tmux.type('make count a word');
  // The text shows before Enter goes: on a loaded machine one chunk of text and Enter reads as a paste.
  await tmux.waitFor('make count a word');
  tmux.keys('Enter');
  await tmux.waitFor('done editing');
  const result = last(server.modelCalls[1]!);
  assert.match(result.text, /^Edited src\/count\.ts/);
  assert.doesNotMatch(result.text, /Diagnostics/);
  assert.equal(existsSync(marker), false, 'the project’s language server must not start');
  assert.equal(
    await readFile(join(dirs.root, 'src/count.ts'), 'utf8'),
    'export const count: number = "one";\n',
  );
});

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
