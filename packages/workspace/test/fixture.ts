// A project tree with secrets inside and outside it, a fake home directory
// (never the real one), and symlinks that try to lead out. Used by the
// security and ordinary-work suites.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestContext } from 'node:test';
import type { AnyTool, ToolContext } from '@kodama/core';
import { executeToolCall, type ToolOutcome } from '@kodama/core/tool';
import {
  alwaysDecline,
  autoApprove,
  type Confirmer,
  Workspace,
  type WorkspaceOptions,
  type WorkspaceToolsOptions,
  workspaceTools,
} from '../src/index.ts';
import { tempDir } from './helpers.ts';

/** Marker text that must never appear in a refused observation. */
export const SECRET = 'TOPSECRET-7f3a';

export interface Fixture {
  readonly base: string;
  readonly project: string;
  readonly outside: string;
  readonly home: string;
  readonly workspace: Workspace;
}

function put(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** Builds the tree and a workspace over `<base>/project` (closed when the test ends). */
export async function makeFixture(
  t: TestContext,
  options: Omit<WorkspaceOptions, 'projectRoot' | 'scratchParent'> = {},
): Promise<Fixture> {
  const base = tempDir(t);
  const project = join(base, 'project');
  const outside = join(base, 'outside');
  const home = join(base, 'home');
  put(
    join(project, 'src/app.ts'),
    'export const answer = 42;\nexport function greet(name: string) {\n  return "hi " + name;\n}\n',
  );
  put(join(project, 'src/util/id_utils.ts'), 'export const id = 1;\n');
  put(join(project, 'README.md'), '# Demo\nA demo project.\n');
  put(join(project, 'docs/guide.md'), 'Guide: answer is documented here.\n');
  put(join(project, '.gitignore'), 'ignored.txt\nbuild/\n');
  put(join(project, 'ignored.txt'), 'answer ignored\n');
  put(join(project, 'build/out.js'), 'answer built\n');
  put(join(project, '.git/config'), '[core]\nanswer = git\n');
  put(join(project, '.hidden/notes.txt'), 'answer in a hidden dir\n');
  put(join(project, '.env'), `API_KEY=${SECRET}\n`);
  put(join(project, '.env.local'), `DB_PASSWORD=${SECRET}\n`);
  put(join(project, 'config/server.pem'), `-----BEGIN PRIVATE KEY-----\n${SECRET}\n`);
  put(join(project, 'config/tls.key'), `${SECRET}\n`);
  put(join(project, 'keys/id_rsa'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${SECRET}\n`);
  put(join(project, 'keys/id_rsa.pub'), 'ssh-rsa AAAA public key\n');
  put(join(project, '.npmrc'), `//registry.npmjs.org/:_authToken=${SECRET}\n`);
  put(join(project, 'pkg/.npmrc'), 'save-exact=true\n');
  put(join(project, '.git-credentials'), `https://user:${SECRET}@example.com\n`);
  put(join(project, '.aws/credentials'), `aws_secret_access_key=${SECRET}\n`);
  put(join(project, 'sub/.aws/credentials'), `aws_secret_access_key=${SECRET}\n`);
  put(join(project, 'keys/id_rsa.bak'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${SECRET}\n`);
  put(join(project, '.env.d/prod'), `PROD_DB=${SECRET}\n`);
  put(join(outside, 'secret.txt'), `${SECRET} outside\n`);
  put(join(outside, 'dir/deep.txt'), `${SECRET} deep\n`);
  put(join(home, '.ssh/id_ed25519'), `${SECRET} ssh key\n`);
  put(join(home, '.aws/credentials'), `${SECRET} aws\n`);
  symlinkSync(join(outside, 'secret.txt'), join(project, 'link-out.txt'));
  symlinkSync(outside, join(project, 'dirlink'));
  symlinkSync(join(outside, 'new.txt'), join(project, 'dangling.txt'));
  symlinkSync('.env', join(project, 'env-alias.txt'));
  symlinkSync(join(home, '.ssh'), join(project, 'sshlink'));
  symlinkSync('../outside/secret.txt', join(project, 'relative-out.txt'));
  const workspace = await Workspace.create({ ...options, projectRoot: project, scratchParent: base });
  t.after(() => workspace.close());
  return { base, project, outside, home, workspace };
}

/** Builds the six tools over a fixture. */
export function toolsFor(
  fixture: Fixture,
  options: Partial<WorkspaceToolsOptions> & { approve?: boolean } = {},
): ReturnType<typeof workspaceTools> {
  const confirmer: Confirmer = options.confirmer ?? (options.approve === false ? alwaysDecline : autoApprove);
  return workspaceTools(fixture.workspace, {
    ...options,
    confirmer,
    // Secrets in the environment too: bash must not pass them on.
    env: options.env ?? { ...process.env, HOME: fixture.home, OPENAI_API_KEY: SECRET, GH_TOKEN: SECRET },
  });
}

/** A ToolContext for tests. */
export function context(signal: AbortSignal = new AbortController().signal): ToolContext {
  return { signal, agentId: '', toolCallId: 'call-1', idempotencyKey: 'turn-1:call-1', emit: () => {} };
}

/** Runs a tool call the way the agent does, arguments as JSON text. */
export function call(
  tool: AnyTool,
  args: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ToolOutcome> {
  return executeToolCall(
    tool,
    { id: 'call-1', name: tool.name, arguments: JSON.stringify(args) },
    context(signal),
  );
}

/** The observation as text (image parts summarised). */
export function text(outcome: ToolOutcome): string {
  const r = outcome.result;
  return typeof r === 'string'
    ? r
    : r.map((p) => (p.type === 'text' ? p.text : `[image ${p.mediaType}]`)).join('\n');
}
