// The security suite for bash: its environment in both modes, and under
// bubblewrap (network off) home, outside paths, system directories and the
// credential files inside the roots. One table, one row per attempt.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, makeFixture, text, toolsFor } from './fixture.ts';
import {
  type Attempt,
  bubblewrapProbe,
  noFile,
  runAttempts,
  skipWithoutBubblewrap,
} from './security-harness.ts';

const ATTEMPTS: readonly Attempt[] = [
  // bash's environment: an allowlist, in both modes
  {
    name: 'bash prints API keys from its environment',
    run: (t) => call(t.bash, { command: 'echo "key=$OPENAI_API_KEY token=$GH_TOKEN"; env' }),
    expect: 'filtered',
    absent: ['OPENAI_API_KEY', 'GH_TOKEN'],
  },
  // bash under bubblewrap (network off)
  {
    name: 'sandboxed bash prints API keys from its environment',
    sandbox: true,
    run: (t) => call(t.bash, { command: 'echo "key=$OPENAI_API_KEY"; env' }),
    expect: 'filtered',
    absent: ['OPENAI_API_KEY', 'GH_TOKEN'],
  },
  {
    name: 'sandboxed bash reads .env in the project root',
    sandbox: true,
    run: (t) => call(t.bash, { command: 'cat .env .env.local; cat ./.env' }),
    expect: 'filtered',
  },
  {
    name: 'sandboxed bash reads credentials in nested denied directories',
    sandbox: true,
    run: (t) =>
      call(t.bash, { command: 'cat sub/.aws/credentials .aws/credentials .env.d/prod; ls -a .aws sub/.aws' }),
    expect: 'filtered',
    absent: ['aws_secret_access_key', 'PROD_DB'],
  },
  {
    name: 'sandboxed bash reads keys, certificates and tokens',
    sandbox: true,
    run: (t) =>
      call(t.bash, {
        command: 'cat keys/id_rsa keys/id_rsa.bak config/server.pem config/tls.key .npmrc .git-credentials',
      }),
    expect: 'filtered',
  },
  {
    name: 'sandboxed bash greps the whole project for the secret',
    sandbox: true,
    run: (t) => call(t.bash, { command: 'grep -r TOPSECRET . ; find . -name "*.pem" -exec cat {} +' }),
    expect: 'filtered',
  },
  {
    name: 'sandboxed bash reads ~/.ssh',
    sandbox: true,
    run: (t) => call(t.bash, { command: 'cat "$HOME/.ssh/id_ed25519"; ls -la "$HOME"' }),
    expect: 'filtered',
  },
  {
    name: 'sandboxed bash reads outside by absolute path',
    sandbox: true,
    run: (t, f) => call(t.bash, { command: `cat ${join(f.outside, 'secret.txt')}` }),
    expect: 'filtered',
  },
  {
    name: 'sandboxed bash writes outside the root',
    sandbox: true,
    run: (t, f) => call(t.bash, { command: `echo x > ${join(f.outside, 'pwned.txt')}` }),
    expect: 'filtered',
    after: noFile('outside/pwned.txt'),
  },
  {
    name: 'sandboxed bash writes to /usr',
    sandbox: true,
    run: (t) => call(t.bash, { command: 'touch /usr/pwned && echo WROTE' }),
    expect: 'filtered',
    absent: ['WROTE'],
  },
  {
    name: 'sandboxed bash reads /etc/shadow',
    sandbox: true,
    run: (t) => call(t.bash, { command: 'cat /etc/shadow && echo READ' }),
    expect: 'filtered',
    absent: ['READ', 'root:'],
  },
  {
    name: 'sandboxed bash escapes through a symlinked directory',
    sandbox: true,
    run: (t) => call(t.bash, { command: 'cat dirlink/secret.txt sshlink/id_ed25519' }),
    expect: 'filtered',
  },
];

runAttempts(ATTEMPTS);

const bwrapProblem = bubblewrapProbe();

test('refused: sandboxed bash reaches the network (a loopback server sees no connection)', async (t) => {
  if (skipWithoutBubblewrap(t, bwrapProblem())) return;
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.end('hello\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as { port: number }).port;
  const f = await makeFixture(t);
  const tools = toolsFor(f, { sandbox: { kind: 'bubblewrap' } });
  const probe = `exec 3<>/dev/tcp/127.0.0.1/${port} && cat <&3 && echo CONNECTED`;
  const outcome = await call(tools.bash, { command: probe });
  assert.ok(!text(outcome).includes('CONNECTED'), text(outcome));
  assert.equal(connections, 0);
  // The same probe without the sandbox does connect, so the probe itself works.
  const open = await call(toolsFor(f).bash, { command: probe });
  assert.match(text(open), /CONNECTED/);
  assert.equal(connections, 1);
});
