import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import type { McpArgs, McpManageArgs } from './mcp-args.ts';
import { addServer, removeServer } from './mcp-config-edit.ts';
import { UsageError } from './parse-support.ts';
import { formatTable } from './table.ts';

/** `kodama mcp list | add | rm | serve`. Resolves to the exit status. */
export async function mcp(args: McpArgs, io: CliIO): Promise<number> {
  if (args.action === 'serve') {
    const { mcpServe } = await import('./mcp-serve.ts');
    return mcpServe(args, io);
  }
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  const root = resolve(args.root ?? process.cwd());
  const { loadMcpConfig, projectMcpFile } = await import('@kodama/mcp');
  const file = projectMcpFile(root);
  try {
    if (args.action === 'add' || args.action === 'rm') {
      // The project's .mcp.json came with the folder: a link in it must not carry the write elsewhere.
      const { assertWritesInside } = await import('./json-file-edit.ts');
      await assertWritesInside(file, root);
    }
    if (args.action === 'add') {
      const entry = args.url
        ? { type: 'http', url: args.url }
        : { command: args.serverCommand[0], args: args.serverCommand.slice(1) };
      await addServer(file, args.id!, args.description ? { ...entry, description: args.description } : entry);
      io.stdout.write(`added "${args.id}" to ${file}\n`);
      return EXIT.ok;
    }
    if (args.action === 'rm') {
      await removeServer(file, args.id!);
      io.stdout.write(`removed "${args.id}" from ${file}\n`);
      return EXIT.ok;
    }
    const registry = await loadMcpConfig({ root, home: io.env.HOME || homedir(), env: io.env });
    if (registry.isEmpty) {
      io.stdout.write(`no MCP servers in ${file} or ~/.kodama/mcp.json (see kodama mcp add)\n`);
      return EXIT.ok;
    }
    const counts = args.probe
      ? await probe(await probedRegistry(root, args, io), args, io)
      : new Map<string, string>();
    const rows = registry.entries.map((e) => [
      e.id,
      e.transport,
      counts.has(e.id) ? 'probed' : 'no',
      counts.get(e.id) ?? '',
      e.transport === 'http' ? e.url : [e.command, ...e.args].join(' '),
    ]);
    io.stdout.write(formatTable(['ID', 'TRANSPORT', 'CONNECTED', 'TOOLS', 'TARGET'], rows));
    return EXIT.ok;
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    return error instanceof UsageError ? EXIT.usage : EXIT.failed;
  }
}

/**
 * What `--probe` connects: the user's servers, and the project's only when the
 * folder is trusted (a probe starts them, so it is the same decision as a run's;
 * headless and undecided, the project's are left out with a line saying so).
 */
async function probedRegistry(
  root: string,
  args: McpManageArgs,
  io: CliIO,
): Promise<import('@kodama/mcp').McpRegistry> {
  const { loadMcpConfig } = await import('@kodama/mcp');
  const { configOf, readKodamaConfig } = await import('./config-files.ts');
  const { projectConfigPlan } = await import('./project-config-plan.ts');
  const { decideTrust, ProjectTrustError } = await import('./project-trust.ts');
  const files = await readKodamaConfig(io.env, root);
  configOf(files.user); // a malformed user file is refused here, as everywhere
  const plan = await projectConfigPlan(root, io.env, { files, tools: [] });
  let trusted = false;
  try {
    trusted = await decideTrust(plan, {
      flag: args.trust,
      uses: ['mcp'],
      env: io.env,
      stdin: io.stdin,
      stderr: io.stderr,
    });
  } catch (error) {
    if (!(error instanceof ProjectTrustError)) throw error;
    io.stderr.write(
      'kodama: the project .mcp.json is not trusted, so its servers are not probed; `kodama trust` or --trust probes them\n',
    );
  }
  const home = io.env.HOME || homedir();
  return loadMcpConfig({ root, home, env: io.env, project: trusted ? 'expand' : 'omit' });
}

/** Connects each server (screened, with the model unless --no-mcp-screen) and counts its tools; failures say why. */
async function probe(
  registry: import('@kodama/mcp').McpRegistry,
  args: McpManageArgs,
  io: CliIO,
): Promise<Map<string, string>> {
  const { McpExtension } = await import('@kodama/mcp');
  const { discoverDefaultModel, resolveModel } = await import('@kodama/models');
  const target = args.mcpScreen
    ? (args.model ?? (io.env.KODAMA_MODEL?.trim() || (await discoverDefaultModel({ env: io.env }))?.target))
    : undefined;
  // No model, or one that cannot be resolved, is a usage problem (exit 2), as for ask.
  if (args.mcpScreen && !target)
    throw new UsageError('--probe screens servers with a model: give --model, or --no-mcp-screen');
  const model = target
    ? await resolveModel(target, { env: io.env }).catch((error: unknown) => {
        throw new UsageError(error instanceof Error ? error.message : String(error));
      })
    : undefined;
  const counts = new Map<string, string>();
  for (const entry of registry.entries) {
    const one = new McpExtension({
      registry,
      env: io.env,
      llmScreening: args.mcpScreen,
      ...(model ? { screeningModel: model } : {}),
    });
    try {
      counts.set(entry.id, String((await one.connect(entry.id)).tools.length));
    } catch (error) {
      io.stderr.write(`kodama: ${entry.id}: ${error instanceof Error ? error.message : String(error)}\n`);
    } finally {
      await one.close();
    }
  }
  return counts;
}
