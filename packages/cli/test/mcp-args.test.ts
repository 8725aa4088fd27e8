// Parsing of --mcp-connect / --no-mcp-screen (shared by ask and trifecta) and of kodama mcp.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCliArgs } from '../src/args.ts';
import { UsageError } from '../src/parse-support.ts';

test('--mcp-connect repeats, --no-mcp-screen turns the LLM pass off, for ask and trifecta alike', () => {
  const ask = parseCliArgs(['ask', 'hi', '--mcp-connect', 'a', '--mcp-connect', 'b', '--no-mcp-screen']);
  assert.deepEqual(
    [ask.command === 'ask' && ask.mcpConnect, ask.command === 'ask' && ask.mcpScreen],
    [['a', 'b'], false],
  );
  const map = parseCliArgs(['trifecta', '--mcp-connect', 'a']);
  assert.deepEqual(map.command === 'trifecta' && [map.mcpConnect, map.mcpScreen], [['a'], true]);
});

test('kodama mcp: list by default, add with a command after -- or --url, rm, serve', () => {
  assert.equal((parseCliArgs(['mcp']) as { action: string }).action, 'list');
  const add = parseCliArgs(['mcp', 'add', 'fs', '--', 'npx', '-y', 'server', '--flag']);
  assert.deepEqual((add as unknown as { serverCommand: string[] }).serverCommand, [
    'npx',
    '-y',
    'server',
    '--flag',
  ]);
  const serve = parseCliArgs(['mcp', 'serve', '--tools', 'calculator,read', '--http', '0', '--agent']);
  assert.deepEqual(
    serve.command === 'mcp' && serve.action === 'serve' && [serve.tools, serve.http, serve.agent],
    [['calculator', 'read'], 0, true],
  );
  assert.deepEqual(parseCliArgs(['mcp', 'serve', '--help']), { command: 'help', topic: 'mcp' });
});

test('kodama mcp: bad lines are usage errors that say what to type', () => {
  const bad: Array<[string[], RegExp]> = [
    [['mcp', 'add', 'x'], /needs either -- <command...> or --url <url>/],
    [['mcp', 'add', 'x', '--url', 'http://a', '--', 'cmd'], /needs either/],
    [['mcp', 'rm'], /kodama mcp rm needs a server id/],
    [['mcp', 'frob'], /unknown mcp action "frob"/],
    [['mcp', 'serve', '--http', 'x'], /--http must be a port number/],
  ];
  for (const [argv, message] of bad) {
    assert.throws(
      () => parseCliArgs(argv),
      (e: unknown) => e instanceof UsageError && message.test(e.message),
    );
  }
});

test('kodama mcp serve: --allow-tools is the policy for the client; --host, --token, --no-auth go with --http', () => {
  const served = parseCliArgs([
    'mcp',
    'serve',
    '--tools',
    'read,bash,write',
    '--allow-tools',
    'bash',
    '--http',
    '0',
  ]);
  assert.deepEqual(
    served.command === 'mcp' &&
      served.action === 'serve' && [served.allowTools, served.host, served.token, served.noAuth],
    [['bash'], '127.0.0.1', undefined, false],
    'loopback and a token by default, nothing allowed but what is named',
  );
  const wide = parseCliArgs(['mcp', 'serve', '--http', '0', '--host', '0.0.0.0', '--token', 'x'.repeat(16)]);
  assert.deepEqual(wide.command === 'mcp' && wide.action === 'serve' && [wide.host, wide.token], [
    '0.0.0.0',
    'x'.repeat(16),
  ]);
  const open = parseCliArgs(['mcp', 'serve', '--http', '0', '--no-auth']);
  assert.equal(open.command === 'mcp' && open.action === 'serve' && open.noAuth, true);
});

test('the listen flags refuse what would open the server wider than asked', () => {
  const bad: Array<[string[], RegExp]> = [
    [['mcp', 'serve', '--tools', 'read', '--allow-tools', 'bash'], /--allow-tools names bash, which --tools/],
    [['mcp', 'serve', '--token', 'x'.repeat(16)], /--token is for --http/],
    [['mcp', 'serve', '--http', '0', '--token', 'short'], /at least 16 characters/],
    [['mcp', 'serve', '--http', '0', '--host', '0.0.0.0', '--no-auth'], /--no-auth serves only on loopback/],
    [['mcp', 'serve', '--http', '0', '--host', 'example.com'], /--host must be an IP address/],
    [['serve', '--token', 'x'.repeat(16), '--no-auth'], /--token <t> or --no-auth, not both/],
    [['serve', '--host', '192.168.1.5', '--no-auth'], /--no-auth serves only on loopback/],
    [['inspect', '--host', '::', '--no-auth'], /--no-auth serves only on loopback/],
    [['inspect', '--token', 'abc'], /at least 16 characters/],
  ];
  for (const [argv, message] of bad) {
    assert.throws(
      () => parseCliArgs(argv),
      (e: unknown) => e instanceof UsageError && message.test(e.message),
      argv.join(' '),
    );
  }
});
