// The assistant's (`kodama`, `kodama -p`) resolved spec: its configuration
// files read once, the folder's trust decided once, and each setting taken by
// one rule: a flag, else the environment, else the project's file (all of it
// when trusted, only what narrows when not), else the user's, else the default.

import type { CliIO } from './cli-io.ts';
import type { ConfigFile } from './config.ts';
import { assistantConfig, type KodamaConfig } from './config.ts';
import { type ConfigFs, configOf, readKodamaConfig } from './config-files.ts';
import { CORPUS_TOOLS, corpusIndexed, defaultEmbedTarget } from './corpus-setup.ts';
import type { InteractiveArgs } from './interactive-args.ts';
import { projectRoot } from './interactive-prompt.ts';
import { telemetryFrom } from './otel-setup.ts';
import { projectConfigPlan } from './project-config-plan.ts';
import { decideTrust } from './project-trust.ts';
import type { AgentSpec } from './resolve-spec.ts';

/** The assistant's flags with everything the configuration and the environment decide, resolved. Frozen. */
export interface AssistantSpec extends AgentSpec, Omit<InteractiveArgs, keyof AgentSpec | 'model'> {
  /** The model target: `--model`, else `$KODAMA_MODEL`, else the configuration's `model`; none: discovered. */
  readonly model: string | undefined;
  /** `auto` (the default: colours on a terminal unless NO_COLOR), `colour` or `plain`. */
  readonly theme: 'auto' | 'colour' | 'plain';
  /** The configuration files that exist, the project's first, each with the part of it that applies (rules, notes). */
  readonly configFiles: readonly ConfigFile[];
  /** The mode configured (the user's file, or a project's `plan`) when no flag chose one. */
  readonly configuredMode: KodamaConfig['permissionMode'];
  /**
   * True when nothing in the folder's project configuration needed a trust
   * decision (no such files, or only what narrows): an "always" answer may be
   * saved to its `.kodama/config.json`, which the next start then asks to trust.
   */
  readonly nothingToTrust?: boolean;
}

/** What {@link resolveAssistantSpec} needs besides the flags. */
export interface AssistantSpecDeps {
  /** Where a notice goes (an unreadable corpus index: the assistant starts without it). */
  readonly say: (message: string) => void;
  /** The seam the configuration files are read through (tests count the reads). */
  readonly fs?: ConfigFs;
  /** Where the project root is looked for when `--root` is not given; default the current directory. */
  readonly cwd?: string;
}

/**
 * Resolves the assistant's spec: reads the user's and the project's
 * configuration once, decides trust first (until the person trusts the folder
 * its file may only narrow: `--trust`, else the remembered answer, else asked
 * on the terminal), then each setting by its one rule. The tools: `--tools`,
 * else the configuration's `tools` (kept as it is), else the defaults plus the
 * corpus tools where `kodama index` indexed the root. Memory: the flags, else
 * the configuration's `memory`. The embedding target: `$KODAMA_EMBED`, else
 * the configuration's `embed`.
 *
 * @throws Error naming the file and the key of a bad configuration;
 *   ProjectTrustError when nobody could decide on the folder.
 */
export async function resolveAssistantSpec(
  args: InteractiveArgs,
  io: CliIO,
  deps: AssistantSpecDeps,
): Promise<AssistantSpec> {
  const root = args.root ?? (await projectRoot(deps.cwd ?? process.cwd()));
  const files = await readKodamaConfig(io.env, root, deps.fs);
  configOf(files.user);
  const plan = await projectConfigPlan(root, io.env, { files, tools: args.tools });
  const trusted = await decideTrust(plan, {
    flag: args.trust,
    uses: ['config', 'mcp'],
    env: io.env,
    stdin: io.stdin,
    stderr: io.stderr,
  });
  const { config, files: configFiles } = assistantConfig(files, { trusted, baseTools: args.tools });
  return Object.freeze({
    ...args,
    root,
    trusted,
    model: args.model ?? (io.env.KODAMA_MODEL?.trim() || config.model),
    maxTokens: args.maxTokens ?? config.maxTokens,
    tools: await assistantTools(args, config.tools, { root, env: io.env, say: deps.say }),
    memory: args.memory ?? config.memory ?? false,
    codeMode: args.codeMode ?? config.codeMode ?? false,
    toolSearch: args.toolSearch ?? config.toolSearch ?? false,
    config,
    embed: defaultEmbedTarget(io.env, config),
    telemetry: telemetryFrom(io.env),
    theme: config.theme ?? 'auto',
    configFiles,
    configuredMode: config.permissionMode,
    nothingToTrust: plan.widening.length === 0,
  });
}

/** The tools: `--tools`, else the configuration's, else the defaults and, where the root is indexed, the corpus tools. */
async function assistantTools(
  args: InteractiveArgs,
  configured: readonly string[] | undefined,
  where: { readonly root: string; readonly env: NodeJS.ProcessEnv; readonly say: (m: string) => void },
): Promise<readonly string[]> {
  if (args.toolsGiven) return args.tools;
  if (configured) return configured;
  try {
    if (await corpusIndexed(where.env, where.root)) return [...args.tools, ...CORPUS_TOOLS.names];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    where.say(`the corpus index could not be read (${reason}); starting without corpus search`);
  }
  return args.tools;
}
