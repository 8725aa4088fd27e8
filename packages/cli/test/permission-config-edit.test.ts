// Saving an "always" rule to a configuration file and removing one: merged
// with the other keys kept (their order and the file's indentation too), the
// file and its folder created when missing, a rule the parser refuses or a
// file kodama could not read leaving the file as it was, a symbolic link
// followed; and kodama mcp add still merging its own file through the same writer.
import assert from 'node:assert/strict';
import { lstat, mkdir, mkdtemp, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { addServer } from '../src/mcp-config-edit.ts';
import { addAllowRule, removeRule } from '../src/permission-config-edit.ts';

async function dir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'kodama-rule-edit-'));
}

test('an allow rule joins the file: other keys, their order and the indentation kept; the same rule twice writes nothing', async () => {
  const path = join(await dir(), 'config.json');
  const before =
    '{\n    "model": "openai:gpt-4o-mini",\n    "permissions": {\n        "deny": ["bash(rm:*)"]\n    },\n    "theme": "plain"\n}\n';
  await writeFile(path, before);
  assert.equal(await addAllowRule(path, 'bash(npm test:*)'), true);
  const text = await readFile(path, 'utf8');
  assert.deepEqual(JSON.parse(text), {
    model: 'openai:gpt-4o-mini',
    permissions: { deny: ['bash(rm:*)'], allow: ['bash(npm test:*)'] },
    theme: 'plain',
  });
  assert.deepEqual(Object.keys(JSON.parse(text)), ['model', 'permissions', 'theme']);
  assert.match(text, /^ {4}"model"/m, 'the file keeps its four-space indentation');
  assert.equal(await addAllowRule(path, 'bash(npm test:*)'), false);
  assert.equal(await readFile(path, 'utf8'), text, 'nothing written for a rule already there');
  assert.deepEqual(
    (await readdir(join(path, '..'))).filter((f) => f.endsWith('.tmp')),
    [],
    'no temporary file left behind',
  );
});

test('a missing file and its folders are created, holding just the rule', async () => {
  const path = join(await dir(), '.kodama', 'config.json');
  assert.equal(await addAllowRule(path, 'edit(src/a.ts)'), true);
  assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), { permissions: { allow: ['edit(src/a.ts)'] } });
});

test('a rule the parser refuses is reported and nothing is written, not even a new file', async () => {
  const root = await dir();
  const path = join(root, '.kodama', 'config.json');
  await assert.rejects(addAllowRule(path, 'bash('), /"bash\(" is not a rule.*nothing was written/);
  await assert.rejects(addAllowRule(path, 'calculator(1+1)'), /only bash and the file tools/);
  await assert.rejects(lstat(join(root, '.kodama')), /ENOENT/);
});

test('a corrupt file, or one kodama would not start with, is an error naming it; its bytes stay as they were', async () => {
  const root = await dir();
  const cases = {
    'broken.json': '{"permissions": {"allow": [',
    'array.json': '["bash"]',
    'unknown-key.json': '{"permisions": {"allow": []}}',
    'bad-rule.json': '{"permissions": {"deny": ["bash()"]}}',
    'not-a-list.json': '{"permissions": {"allow": "bash"}}',
  };
  const expected = [
    /broken\.json is not valid JSON .*nothing was changed/,
    /array\.json must hold a JSON object; nothing was changed/,
    /unknown-key\.json: unknown key "permisions".*nothing was changed/,
    /bad-rule\.json: permissions\.deny\[0\]: .*empty pattern.*nothing was changed/,
    /not-a-list\.json: "permissions\.allow" must be a list of strings.*nothing was changed/,
  ];
  for (const [i, [name, text]] of Object.entries(cases).entries()) {
    const path = join(root, name);
    await writeFile(path, text);
    await assert.rejects(addAllowRule(path, 'bash(echo hi)'), expected[i]!);
    await assert.rejects(removeRule(path, 'deny', 'bash()'), expected[i]!);
    assert.equal(await readFile(path, 'utf8'), text, `${name} untouched`);
  }
});

test('remove takes out exactly that rule of that kind; emptied lists go, other keys stay; a rule not there writes nothing', async () => {
  const path = join(await dir(), 'config.json');
  await writeFile(
    path,
    JSON.stringify({
      theme: 'plain',
      permissions: { allow: ['bash(echo hi)', 'bash(ls:*)'], deny: ['bash(echo hi)'] },
    }),
  );
  assert.equal(await removeRule(path, 'allow', 'bash(echo hi)'), true);
  assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), {
    theme: 'plain',
    permissions: { allow: ['bash(ls:*)'], deny: ['bash(echo hi)'] },
  });
  const text = await readFile(path, 'utf8');
  assert.equal(await removeRule(path, 'allow', 'bash(echo hi)'), false);
  assert.equal(await removeRule(path, 'ask', 'bash(ls:*)'), false);
  assert.equal(await readFile(path, 'utf8'), text);
  assert.equal(await removeRule(path, 'allow', 'bash(ls:*)'), true);
  assert.equal(await removeRule(path, 'deny', 'bash(echo hi)'), true);
  assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), { theme: 'plain' });
  assert.equal(await removeRule(join(path, '..', 'missing.json'), 'allow', 'bash'), false);
  await assert.rejects(lstat(join(path, '..', 'missing.json')), /ENOENT/);
});

test('a linked configuration file stays a link: its target changes, keeping its permission bits', async () => {
  const root = await dir();
  const target = join(root, 'dotfiles', 'config.json');
  await mkdir(join(root, 'dotfiles'));
  await writeFile(target, '{"memory": true}', { mode: 0o600 });
  const link = join(root, 'config.json');
  await symlink(target, link);
  assert.equal(await addAllowRule(link, 'bash(make:*)'), true);
  assert.ok((await lstat(link)).isSymbolicLink());
  assert.deepEqual(JSON.parse(await readFile(target, 'utf8')), {
    memory: true,
    permissions: { allow: ['bash(make:*)'] },
  });
  assert.equal((await stat(target)).mode & 0o777, 0o600);
});

test('kodama mcp add merges through the same writer: other keys kept, a corrupt file untouched', async () => {
  const root = await dir();
  const path = join(root, '.mcp.json');
  await writeFile(path, '{"note": "keep", "mcpServers": {"a": {"command": "x"}}}');
  await addServer(path, 'b', { command: 'y' });
  assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), {
    note: 'keep',
    mcpServers: { a: { command: 'x' }, b: { command: 'y' } },
  });
  await writeFile(path, '{"mcpServers": ');
  await assert.rejects(addServer(path, 'c', { command: 'z' }), /not valid JSON.*nothing was changed/);
  assert.equal(await readFile(path, 'utf8'), '{"mcpServers": ');
});
