// The pieces `kodama` (the assistant) adds around the agent: its tools and
// memory, permission rules from the configuration files, the theme, where
// checkpoints and prompt history live, `!command`, the MCP servers and skills
// /mcp and /skills list.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import type { Agent } from '@kodama/core';
import { findExtension } from '@kodama/core/extensions';
import { type ConfigFile, configPath, projectConfigPath } from './config.ts';

type AssistantModule = typeof import('@kodama/assistant');

/** `<data>`: `$XDG_DATA_HOME`, else `~/.local/share`. */
function dataDir(env: NodeJS.ProcessEnv): string {
  return env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share');
}

/** A short stable key of a project root, for per-project files. */
function projectKey(root: string): string {
  return createHash('sha256').update(root).digest('hex').slice(0, 16);
}

/** Where the prompts of a project are remembered. */
export function historyFile(root: string, env: NodeJS.ProcessEnv): string {
  return join(dataDir(env), 'kodama', 'prompt-history', `${projectKey(root)}.jsonl`);
}

/** The user's inbox of questions waiting on them, shared by every surface (`kodama approvals` lists it). */
export function approvalInbox(assistant: AssistantModule, env: NodeJS.ProcessEnv) {
  return new assistant.ApprovalInbox(join(dataDir(env), 'kodama', assistant.APPROVALS_DIR_NAME));
}

/** Where a project's per-turn file checkpoints are kept (outside the project, so any directory works). */
export function checkpointDir(root: string, env: NodeJS.ProcessEnv): string {
  return join(dataDir(env), 'kodama', 'checkpoints', projectKey(root));
}

/**
 * The permission rules of the configuration files (the project's first in
 * `files`), layered by the assistant so a `deny` anywhere wins
 * (`layeredRules`). `options` says whether a person can be asked in this run
 * (control files always ask one; headless, only an allow rule naming the file
 * exactly lets one be written), where the user's configuration is (protected
 * too) and the permission mode to start in.
 *
 * @throws Error naming the file and the key (`permissions.allow[2]`) of a bad rule.
 */
export function permissionRules(
  assistant: AssistantModule,
  files: readonly ConfigFile[],
  root: string,
  options?: {
    readonly person?: boolean;
    readonly env?: NodeJS.ProcessEnv;
    /** The permission mode to start in (`--permission-mode`, else the configuration's). */
    readonly mode?: 'default' | 'accept-edits' | 'plan' | 'bypass' | undefined;
  },
): InstanceType<AssistantModule['PermissionRules']> {
  const layers = files.map((f) => ({ path: f.path, permissions: f.config.permissions ?? {} }));
  const { mode, ...rest } = options ?? {};
  return assistant.layeredRules(layers, root, { ...rest, ...(mode ? { mode } : {}) });
}

/**
 * The configuration files an "always" answer can be saved to, and
 * `/permissions remove` edits: the user's, and the project's when the folder
 * is trusted or had nothing to trust yet (a project whose configuration the
 * person did not trust has its allow rules ignored, and kodama does not write
 * into it). Saving never trusts the changed file: the trust digest covers it,
 * so the next start asks about it as about any change.
 */
export function ruleFiles(
  root: string,
  env: NodeJS.ProcessEnv,
  folder: { readonly trusted: boolean; readonly nothingToTrust?: boolean | undefined },
): import('@kodama/assistant').RuleFiles {
  const trusted = folder.trusted || folder.nothingToTrust === true;
  const project = projectConfigPath(root);
  const user = configPath(env);
  const home = env.HOME || homedir();
  const userLabel = user.startsWith(`${home}/`) ? `~/${relative(home, user)}` : user;
  // Only these two files are ever written, whatever path a caller names.
  const writable = new Set([user, ...(trusted ? [project] : [])]);
  const check = async (path: string) => {
    if (!writable.has(path)) throw new Error(`kodama does not write ${path}`);
    // The project's file came with the folder: a link in it must not carry the write elsewhere.
    if (path === project) await (await import('./json-file-edit.ts')).assertWritesInside(path, root);
  };
  return {
    ...(trusted
      ? { project: { path: project, label: relative(root, project) } }
      : {
          projectWhyNot:
            "this folder's configuration is not trusted, so its allow rules would be ignored (kodama trust trusts it)",
        }),
    user: { path: user, label: userLabel },
    add: async (path, rule) => {
      await check(path);
      return (await import('./permission-config-edit.ts')).addAllowRule(path, rule);
    },
    remove: async (path, decision, rule) => {
      await check(path);
      return (await import('./permission-config-edit.ts')).removeRule(path, decision, rule);
    },
  };
}

/** The lines shown at start about the rules in effect, one per file that has any. */
export function configNotes(files: readonly ConfigFile[], root: string): string[] {
  return files.flatMap(({ path, config }) => {
    const p = config.permissions ?? {};
    const parts = (['allow', 'ask', 'deny'] as const)
      .filter((k) => (p[k]?.length ?? 0) > 0)
      .map((k) => `${k} ${p[k]?.join(', ')}`);
    if (parts.length === 0) return [];
    const rel = relative(root, path);
    return [`permission rules from ${rel.startsWith('..') ? path : rel}: ${parts.join('; ')}`];
  });
}

/** `!command`: bash in the project root with the user's environment, stderr merged, stoppable. */
export async function shellRunner(root: string, env: NodeJS.ProcessEnv) {
  const { runProcess } = await import('@kodama/workspace');
  return async (
    command: string,
    options: { readonly signal: AbortSignal; readonly onOutput: (text: string) => void },
  ) => {
    const result = await runProcess(['bash', '--noprofile', '--norc', '-c', `exec 2>&1\n${command}`], {
      cwd: root,
      env,
      signal: options.signal,
      maxOutputBytes: 256 * 1024,
      onStdout: (chunk) => {
        options.onOutput(chunk.toString('utf8'));
        return undefined;
      },
    });
    const status = result.aborted
      ? 'stopped'
      : result.exitCode !== null
        ? `exit code ${result.exitCode}`
        : `killed by ${result.exitSignal ?? 'a signal'}`;
    return { output: result.output, status };
  };
}

/**
 * The MCP servers the agent may connect, for `/mcp`: the user's, and the
 * project's once the folder is trusted; none when no file exists.
 */
export async function mcpServers(root: string, env: NodeJS.ProcessEnv, trusted: boolean) {
  const home = env.HOME || homedir();
  if (!existsSync(join(root, '.mcp.json')) && !existsSync(join(home, '.kodama', 'mcp.json'))) return [];
  const { loadMcpConfig } = await import('@kodama/mcp');
  const registry = await loadMcpConfig({ root, home, env, project: trusted ? 'expand' : 'omit' });
  return registry.entries.map((e) => ({
    id: e.id,
    ...(e.description ? { description: e.description } : {}),
    ...(e.source ? { source: e.source } : {}),
  }));
}

/**
 * Reads the agent's skills and MCP extensions by their typed keys, for
 * `/skills` and `/mcp connect` (called when asked: the agent is built after
 * the app). Loads `@kodama/skills` and `@kodama/mcp` for their keys.
 */
export async function extensionReaders() {
  const [{ SkillsExtension }, { McpExtension }] = await Promise.all([
    import('@kodama/skills'),
    import('@kodama/mcp'),
  ]);
  return {
    skills: (agent: Agent | undefined): { name: string; description: string }[] => {
      const ext = agent && findExtension(agent.extensions, SkillsExtension.key);
      return (ext?.catalog.skills ?? []).map((s) => ({ name: s.name, description: s.description }));
    },
    mcp: (agent: Agent | undefined) =>
      agent ? findExtension(agent.extensions, McpExtension.key) : undefined,
  };
}
