import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  CheckCommandDiagnostics,
  LanguageServerDiagnostics,
  typescriptLanguageServer,
  withDiagnostics,
} from '../src/diagnostics/index.ts';
import { call, makeFixture, text, toolsFor } from './fixture.ts';

const STRICT = JSON.stringify({
  compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext' },
});

test('an edit that breaks a type comes back with the language server’s error; the fix comes back clean', async (t) => {
  const f = await makeFixture(t);
  writeFileSync(join(f.project, 'tsconfig.json'), STRICT);
  const options = typescriptLanguageServer(f.project);
  assert.ok(options, 'typescript-language-server is installed with kodama (a development dependency)');
  const server = new LanguageServerDiagnostics(options);
  t.after(() => server.close());
  const edit = withDiagnostics(toolsFor(f).edit, server, f.project);
  const clean = text(await call(edit, { path: 'src/app.ts', old_string: '= 42', new_string: '= 43' }));
  assert.doesNotMatch(clean, /Diagnostics/, clean);
  const wrong = text(
    await call(edit, {
      path: 'src/app.ts',
      old_string: 'export const answer = 43;',
      new_string: 'export const answer: number = "forty-two";',
    }),
  );
  assert.match(wrong, /^Edited src\/app\.ts: replaced 1 occurrence/);
  assert.match(wrong, /Diagnostics after this change \(typescript-language-server\): 1 error\./);
  assert.match(
    wrong,
    /^src\/app\.ts:1:14 error TS2322: Type 'string' is not assignable to type 'number'\.$/m,
  );
  assert.equal(
    readFileSync(join(f.project, 'src/app.ts'), 'utf8').split('\n')[0],
    'export const answer: number = "forty-two";',
  );
  const fixed = text(await call(edit, { path: 'src/app.ts', old_string: '"forty-two"', new_string: '42' }));
  assert.match(fixed, /^Edited src\/app\.ts/);
  assert.doesNotMatch(fixed, /Diagnostics/, fixed);
});

test('a check command’s lines about the changed file reach the model; lines about other files do not', async (t) => {
  const f = await makeFixture(t);
  const script = join(f.base, 'check.mjs');
  writeFileSync(
    script,
    "console.log('src/app.ts(2,10): error TS2554: Expected 1 arguments, but got 2.');\nconsole.log('src/other.ts(1,1): error TS1000: not ours');\nconsole.log('Found 2 errors.');\nprocess.exit(2);\n",
  );
  const checker = new CheckCommandDiagnostics({
    command: `"${process.execPath}" "${script}"`,
    root: f.project,
  });
  const write = withDiagnostics(toolsFor(f).write, checker, f.project);
  const out = text(await call(write, { path: 'src/app.ts', content: 'export const answer = 41;\n' }));
  assert.match(out, /Diagnostics after this change \(.*check\.mjs"\): 1 error\./);
  assert.match(out, /^src\/app\.ts:2:10 error TS2554: Expected 1 arguments, but got 2\.$/m);
  assert.doesNotMatch(out, /other\.ts/);
  // A failing check that names none of the files says so; the write itself is reported as done.
  const quiet = new CheckCommandDiagnostics({ command: 'echo "lint failed"; exit 3', root: f.project });
  const again = text(
    await call(withDiagnostics(toolsFor(f).write, quiet, f.project), {
      path: 'README.md',
      content: '# Demo\n',
    }),
  );
  assert.match(again, /^Overwrote README\.md|^Wrote README\.md|README\.md/);
  assert.match(
    again,
    /Diagnostics \(echo "lint failed"; exit 3\): exited 3; no line names the changed files/,
  );
});

test('a language server that cannot start leaves the edit done and says why once', async (t) => {
  const f = await makeFixture(t);
  const server = new LanguageServerDiagnostics({ command: ['/nonexistent/lsp', '--stdio'], root: f.project });
  t.after(() => server.close());
  const edit = withDiagnostics(toolsFor(f).edit, server, f.project);
  const out = text(await call(edit, { path: 'src/app.ts', old_string: '= 42', new_string: '= 43' }));
  assert.match(out, /^Edited src\/app\.ts/);
  assert.match(out, /lsp could not start \(spawn \/nonexistent\/lsp ENOENT\); no diagnostics this session/);
  assert.match(readFileSync(join(f.project, 'src/app.ts'), 'utf8'), /= 43;/);
});

test('tools that write no file are left as they are; no language server is found outside a TypeScript project', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  const checker = new CheckCommandDiagnostics({ command: 'true', root: f.project });
  assert.equal(withDiagnostics(tools.read, checker, f.project), tools.read);
  assert.equal(typescriptLanguageServer(f.project), undefined);
});
