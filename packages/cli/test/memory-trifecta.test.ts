// `kodama trifecta --memory`: memory is private data, so on an agent that also
// reads untrusted content and can send bytes out the map is loud, and says why.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A project whose MCP server (never connected: the map counts configured
 * servers) is declared to read the public web and send queries out, with no
 * private data of its own: one leg short of the trifecta until memory comes.
 */
function project() {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-cli-memory-trifecta-'));
  dirs.push(dir);
  const root = join(dir, 'project');
  mkdirSync(root);
  const legs = { privateData: false, untrusted: 'hard', egress: 'unreviewed' };
  const news = {
    type: 'http',
    url: 'http://127.0.0.1:2/mcp',
    description: 'news search',
    trifectaLegs: legs,
  };
  writeFileSync(join(root, '.mcp.json'), JSON.stringify({ mcpServers: { news } }));
  const env = isolatedEnv({ HOME: join(dir, 'home'), XDG_DATA_HOME: join(dir, 'data') });
  const trifecta = (...flags: string[]) =>
    runKodama(['trifecta', '--no-skills', '--root', root, '--trust', '--tools', 'calculator', ...flags], env);
  return { trifecta };
}

test('memory completes the trifecta of an agent with untrusted input and egress; the map says why', async () => {
  const { trifecta } = project();
  const without = await trifecta();
  assert.equal(without.code, 0, without.stderr);
  assert.equal(without.stdout.split('\n')[0], 'main  private=no untrusted=hard egress=unreviewed  → SOFT');
  assert.doesNotMatch(without.stdout, /memory|why:/);

  const loud = await trifecta('--memory', '--user', 'ana');
  assert.equal(loud.code, 3, loud.stderr);
  assert.equal(loud.stdout.split('\n')[0], 'main  private=yes untrusted=hard egress=unreviewed  → LOUD');
  assert.match(loud.stdout, /^ {2}- extension:memory: private=yes$/m);
  assert.match(loud.stdout, /^ {2}- recall: private=yes$/m);
  assert.match(loud.stdout, /^why: main holds all three legs, unmitigated:$/m);
  assert.match(loud.stdout, /^ {2}private data from recall, remember, forget, extension:memory$/m);
  assert.match(loud.stdout, /^ {2}untrusted content from mcp:news$/m);
  assert.match(
    loud.stdout,
    /^memory: what kodama remembers about you \(extension:memory, recall\) is private data on main,$/m,
  );
  assert.match(loud.stdout, /reads untrusted content \(mcp:news\) and can send bytes out \(mcp:news\)/);
  assert.match(loud.stdout, /could recall your memories and send them away/);

  const json = await trifecta('--memory', '--json');
  assert.equal(json.code, 3);
  const report = JSON.parse(json.stdout) as { verdict: string; why: string[]; root: { tools: object } };
  assert.equal(report.verdict, 'loud');
  assert.ok('extension:memory' in report.root.tools);
  assert.ok(
    report.why.some((l) => l.startsWith('memory: ')),
    report.why.join('\n'),
  );
});

test('with web tools (which also reach private networks) the map is loud either way; only --memory names memory', async () => {
  const { trifecta } = project();
  const web = await trifecta('--tools', 'fetch');
  assert.equal(web.code, 3);
  assert.match(web.stdout, /^ {2}egress through fetch, mcp:news$/m);
  assert.doesNotMatch(web.stdout, /memory/);
  const withMemory = await trifecta('--tools', 'fetch', '--memory');
  assert.equal(withMemory.code, 3);
  assert.match(withMemory.stdout, /^memory: what kodama remembers about you/m);
  assert.match(
    withMemory.stdout,
    /reads untrusted content \(fetch, mcp:news\) and can send bytes out \(fetch, mcp:news\)/,
  );
});

test('--memory is refused with --no-memory, and --user needs memory', async () => {
  const { trifecta } = project();
  const both = await trifecta('--memory', '--no-memory');
  assert.equal(both.code, 2);
  assert.match(both.stderr, /use --memory or --no-memory, not both/);
  const user = await trifecta('--user', 'ana');
  assert.equal(user.code, 2);
  assert.match(user.stderr, /--user names whose memories to use: add --memory/);
});
