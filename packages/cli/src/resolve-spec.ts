// What an agent of the command line is built from, resolved once: the flags,
// the configuration files (read once, by config-files.ts), the environment and
// the folder's trust decision become one frozen spec, and every setup step
// (tools, skills, MCP, sub-agents, memory, corpus, telemetry) reads its slice
// of it instead of reading a file or a variable again.
import { resolve } from 'node:path';
import type { CliIO } from './cli-io.ts';
import type { KodamaConfig } from './config.ts';
import {
  type ConfigFs,
  configOf,
  type KodamaConfigFiles,
  readKodamaConfig,
  readProjectConfig,
} from './config-files.ts';
import { defaultEmbedTarget } from './corpus-setup.ts';
import { type Telemetry, telemetryFrom } from './otel-setup.ts';
import type { ToolChoice } from './parse-support.ts';
import { projectConfigPlan } from './project-config-plan.ts';
import { decideTrust } from './project-trust.ts';
import { setupError } from './setup-error.ts';

/** An agent's settings, resolved: the flags' choice with what the configuration and the environment add. */
export interface AgentSpec extends ToolChoice {
  /** The project root, absolute. */
  readonly root: string;
  /** The folder's project configuration is trusted for this run (its `.mcp.json`; for the assistant all of it). */
  readonly trusted: boolean;
  /** Memory on: `--memory` / `--no-memory`, else the configuration's `memory` where it may decide. */
  readonly memory: boolean;
  /** Code mode on: `--code-mode` / `--no-code-mode`, else the configuration's `codeMode` where it may decide. */
  readonly codeMode: boolean;
  /** Tool search on: `--tool-search`, else the configuration's `toolSearch` where it may decide. */
  readonly toolSearch: boolean;
  /** The configuration in effect (the tools read `webSearch` and `cacheDir` from it). */
  readonly config: KodamaConfig;
  /** The embedding target when none is given or recorded: `$KODAMA_EMBED`, else the configuration's `embed`. */
  readonly embed: string | undefined;
  /** `KODAMA_OTEL` and what it records. */
  readonly telemetry: Telemetry;
}

/** How {@link resolveAgentSpec} reads. */
export interface AgentSpecSources {
  /**
   * The user's configuration's `memory` applies when the flags say nothing
   * (`kodama ask`, `kodama trifecta`), and so does its `codeMode`. Off for the servers and the worker,
   * whose callers are not the person whose memories they would be.
   */
  readonly memoryByConfig?: boolean;
  /** The files already read by the command (else they are read here, once). */
  readonly files?: KodamaConfigFiles;
  /** The seam the files are read through (tests count the reads). */
  readonly fs?: ConfigFs;
}

/**
 * The spec of the agent `kodama ask` (and trifecta, serve, the worker, `mcp
 * serve --agent`) builds: the user's configuration (read once), whether the
 * folder's `.mcp.json` is trusted (`--trust`, else the remembered answer,
 * else asked on the terminal), memory, the embedding target and telemetry.
 * Frozen.
 *
 * @throws AssistantSetupError for a malformed configuration file (exit 1), a
 *   folder nobody could decide on (exit 2).
 */
export async function resolveAgentSpec(
  choice: ToolChoice,
  io: CliIO,
  sources: AgentSpecSources = {},
): Promise<AgentSpec> {
  const root = resolve(choice.root ?? process.cwd());
  try {
    const files = sources.files ?? (await readKodamaConfig(io.env, root, sources.fs));
    const config = configOf(files.user);
    const trusted = choice.trust ?? (await mcpTrusted(choice, root, io, files));
    const memory = choice.memory ?? (sources.memoryByConfig ? config.memory : undefined) ?? false;
    // The servers and the worker keep direct calls: their callers chose no mode.
    const codeMode = choice.codeMode ?? (sources.memoryByConfig ? config.codeMode : undefined) ?? false;
    const toolSearch = choice.toolSearch ?? (sources.memoryByConfig ? config.toolSearch : undefined) ?? false;
    return Object.freeze({
      ...choice,
      root,
      trusted,
      memory,
      codeMode,
      toolSearch,
      config,
      embed: defaultEmbedTarget(io.env, config),
      telemetry: telemetryFrom(io.env),
    });
  } catch (error) {
    throw setupError(error);
  }
}

/** Whether this run uses the project's `.mcp.json`: a remembered answer, else asked on the terminal. */
async function mcpTrusted(
  choice: ToolChoice,
  root: string,
  io: CliIO,
  files: KodamaConfigFiles,
): Promise<boolean> {
  const project = files.project ?? (await readProjectConfig(root));
  const plan = await projectConfigPlan(root, io.env, {
    files: { user: files.user, project },
    tools: choice.tools,
  });
  return decideTrust(plan, {
    flag: undefined,
    uses: ['mcp'],
    env: io.env,
    stdin: io.stdin,
    stderr: io.stderr,
  });
}
