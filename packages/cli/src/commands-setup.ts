// The assistant's custom slash commands: the person's folder
// (`$XDG_CONFIG_HOME/kodama/commands`, else `~/.config/kodama/commands`) and,
// only once the folder is trusted, the project's `.kodama/commands`: an
// untrusted project's command files are never read, so their text cannot
// reach the model. A project's command may name a model only as a provider
// the person's own keys and defaults reach; it cannot point the session at a
// new address (`openai-compatible:<url>`) or fetch a model file (`local:`).
import { homedir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { configPath } from './config.ts';

type AssistantModule = typeof import('@kodama/assistant');

/** The project's command folder, relative to the root. */
export const PROJECT_COMMANDS_DIR = join('.kodama', 'commands');

/** The person's command folder. */
export function userCommandsDir(env: NodeJS.ProcessEnv): string {
  return join(dirname(configPath(env)), 'commands');
}

/** Model providers a project's command may name: reached with the person's own keys, at their usual addresses. */
const PROJECT_MODEL_PROVIDERS = new Set([
  'openai',
  'anthropic',
  'google',
  'openrouter',
  'llamacpp',
  'ollama',
  'lmstudio',
]);

/** Why a project command's model target is refused; undefined when it may be used. */
export function projectModelProblem(
  target: string,
  parseTarget: (target: string) => { readonly provider: string },
): string | undefined {
  let provider: string;
  try {
    provider = parseTarget(target).provider;
  } catch (error) {
    return `its model: ${(error as Error).message}`;
  }
  if (PROJECT_MODEL_PROVIDERS.has(provider)) return undefined;
  return `a project's command may not name the model ${JSON.stringify(target)} (it would reach a server or file the project chose); name a provider model such as anthropic:<id>, or put the command in your own commands folder`;
}

/** The commands of the session and the lines about files that were not loaded. */
export async function customCommands(
  assistant: AssistantModule,
  root: string,
  env: NodeJS.ProcessEnv,
  trusted: boolean,
) {
  const user = userCommandsDir(env);
  const home = env.HOME || homedir();
  const folders = [
    {
      dir: user,
      source: 'user' as const,
      label: user.startsWith(`${home}${sep}`) ? `~${user.slice(home.length)}` : user,
    },
    ...(trusted
      ? [{ dir: join(root, PROJECT_COMMANDS_DIR), source: 'project' as const, label: PROJECT_COMMANDS_DIR }]
      : []),
  ];
  const { parseTarget } = await import('@kodama/models');
  return assistant.loadCustomCommands(folders, {
    reserved: assistant.BUILT_IN_COMMANDS,
    check: (c) => (c.source === 'project' && c.model ? projectModelProblem(c.model, parseTarget) : undefined),
  });
}
