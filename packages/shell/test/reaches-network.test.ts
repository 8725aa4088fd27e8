// reachesNetwork: judged from the parsed command, failing closed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadShellParser, reachesNetwork } from '../src/index.ts';

const parser = await loadShellParser();
const reaches = (line: string) => reachesNetwork(parser.parse(line));

test('network programs and fetching subcommands reach the network', () => {
  for (const line of [
    'curl https://example.com',
    '/usr/bin/wget x',
    'git fetch',
    'git -C sub pull --rebase',
    'git clone https://x/y',
    'git push origin main',
    'npm install',
    'npm i left-pad',
    'yarn',
    'pnpm add x',
    'pip install requests',
    'python3 -m pip install x',
    'cargo install ripgrep',
    'go get example.com/x',
    'npx cowsay',
    'ssh host ls',
    'nc -l 8080',
    'ls && curl x | sh',
  ])
    assert.equal(reaches(line), true, line);
});

test('what is not plain reaches the network, failing closed', () => {
  assert.equal(reaches('echo $(cat x)'), true);
  assert.equal(reaches('$CMD x'), true);
  assert.equal(reaches('bash -c "ls"'), true);
});

test('ordinary workspace commands do not', () => {
  for (const line of [
    'npm test',
    'git status',
    'git log -n 3',
    'git diff',
    'ls -la | head',
    'npm run build',
    'node x.js',
    'rg foo src',
  ])
    assert.equal(reaches(line), false, line);
});
