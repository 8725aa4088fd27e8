import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import {
  type AnyTool,
  defineEvent,
  defineTool,
  mayHaveEffect,
  type RunEvent,
  type ToolEffectKind,
  ToolError,
  wrapTool,
} from '@kodama/core';
import type { ElicitConfirm } from '@kodama/mcp';
import { AGENT_TOOL } from '@kodama/subagents/tool-name';
import type { WorkspaceToolName } from '@kodama/workspace';
import { WORKSPACE_TOOL_KINDS } from '@kodama/workspace/tool-kinds';
import type { CliIO } from './cli-io.ts';
import type { KodamaConfigFiles } from './config-files.ts';
import { EXIT } from './exit-status.ts';
import type { McpServeArgs } from './mcp-args.ts';
import { UsageError } from './parse-support.ts';
import { serverToken, tokenNote } from './serve-args.ts';
import { buildTools } from './tool-registry.ts';

/** No terminal to ask on: stdin carries the MCP protocol (stdio) or nothing (HTTP). */
const NO_INPUT = Readable.from([]) as NodeJS.ReadableStream & { isTTY?: boolean };

/**
 * `kodama mcp serve`: the tools of `--tools` over MCP (stdio, or Streamable
 * HTTP on `--host` (127.0.0.1) with `--http`, behind a bearer token). File
 * tools are confined to `--root` as in `ask`. The client is the caller, so it
 * never answers a confirmation: the start-up policy does (`--allow-tools`
 * names the tools whose confirmations are yes, `--yes` all of them; every
 * other one is refused). `--agent` adds `ask`, a whole kodama Run.
 */
export async function mcpServe(args: McpServeArgs, io: CliIO): Promise<number> {
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  let token: ReturnType<typeof serverToken> | undefined;
  try {
    if (args.http !== undefined) token = serverToken(args, io.env, 'mcp');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say(error.message);
    return EXIT.usage;
  }
  const root = resolve(args.root ?? process.cwd());
  const closers: Array<() => void | Promise<void>> = [];
  const { createToolServer, serveHttp } = await import('@kodama/mcp');
  const { WORKSPACE_TOOL_NAMES, Workspace, alwaysDecline, workspaceToolsByName } = await import(
    '@kodama/workspace'
  );
  const fileNames = args.tools.filter((n) => (WORKSPACE_TOOL_NAMES as readonly string[]).includes(n));
  const otherNames = args.tools.filter((n) => !fileNames.includes(n) && n !== AGENT_TOOL);
  let shared: AnyTool[];
  let workspace: Awaited<ReturnType<typeof Workspace.create>> | undefined;
  // The configuration files are read once, here: the shared tools and every `ask` call's agent use this read.
  const { configOf, readKodamaConfig } = await import('./config-files.ts');
  const configFiles = await readKodamaConfig(io.env, root);
  try {
    shared = await buildTools(otherNames, {
      config: configOf(configFiles.user),
      root,
      yes: args.yes,
      sandbox: args.sandbox ?? 'none',
      stdin: NO_INPUT,
      stderr: io.stderr,
      onClose: (h) => closers.push(h),
    });
    if (fileNames.length > 0) {
      workspace = await Workspace.create({ projectRoot: root });
      const ws = workspace;
      closers.push(() => ws.close());
    }
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    for (const close of closers.reverse()) await close();
    return EXIT.usage;
  }
  // Nobody reviews a remote caller's call: a tool the policy allows runs unreviewed, any other
  // confirmation is refused, and a tool kodama ask would ask about is refused before it runs.
  // Never `confirm` from the client.
  const allowed = new Set(args.yes ? fileNames : args.allowTools);
  const confirmer =
    allowed.size === 0
      ? alwaysDecline
      : {
          reviewed: false,
          confirm: async (request: { tool: string }) => allowed.has(request.tool),
        };
  const refused = fileNames.filter(
    (n) =>
      WORKSPACE_TOOL_KINDS[n as WorkspaceToolName].some((kind) => ASKING_KINDS.has(kind)) && !allowed.has(n),
  );
  if (refused.length > 0)
    say(
      `${refused.join(', ')}: served, but every call is refused (an MCP client cannot confirm its own call); --allow-tools ${refused.join(',')} lets a client you trust run them`,
    );
  const sessionTools = async (_clientCannotConfirm: ElicitConfirm): Promise<AnyTool[]> => {
    const files = workspace
      ? await workspaceToolsByName(workspace, fileNames, {
          confirmer,
          sandbox: { kind: args.sandbox ?? 'none' },
        })
      : [];
    const gated = files.map((t) => (asksAPerson(t) && !allowed.has(t.name) ? refusedForClients(t) : t));
    return [...shared, ...gated, ...(args.agent ? [askTool(args, io, configFiles)] : [])];
  };
  // Serving read lets the client read the workspace's files: they are offered as resources too,
  // through the same confinement.
  const { workspaceResources } = await import('./mcp-resources.ts');
  const resources = workspace && fileNames.includes('read') ? workspaceResources(workspace) : undefined;
  const makeServer = () =>
    createToolServer(sessionTools, { name: 'kodama', ...(resources ? { resources } : {}) });
  try {
    if (args.http !== undefined) {
      let endpoint: Awaited<ReturnType<typeof serveHttp>>;
      try {
        endpoint = await serveHttp(makeServer, {
          port: args.http,
          host: args.host,
          ...(token?.token === undefined ? { noAuth: true } : { token: token.token }),
        });
      } catch (error) {
        say(`cannot listen on ${args.host} port ${args.http}: ${(error as Error).message}`);
        return EXIT.failed;
      }
      closers.push(() => endpoint.close());
      say(`MCP over Streamable HTTP at ${endpoint.url} (${token ? tokenNote(token) : ''})`);
      await waitForSignal(io);
    } else {
      const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
      const server = await makeServer();
      const closed = new Promise<void>((r) => {
        server.onclose = () => r();
      });
      await server.connect(new StdioServerTransport());
      await Promise.race([closed, waitForSignal(io), new Promise((r) => process.stdin.once('end', r))]);
      await server.close();
    }
    return EXIT.ok;
  } finally {
    for (const close of closers.reverse()) await close();
  }
}

/** The effects `kodama ask` asks the person about (a command; a file write, through the edit review). */
const ASKING_KINDS: ReadonlySet<ToolEffectKind> = new Set<ToolEffectKind>(['runsCommand', 'writesFile']);

/** True when some call of `tool` may have an effect `kodama ask` asks about: by its declared effects, never its name. */
function asksAPerson(tool: AnyTool): boolean {
  return [...ASKING_KINDS].some((kind) => mayHaveEffect(tool, kind));
}

/** The tool, listed as it is, whose every call is refused: the start-up policy did not allow it. */
function refusedForClients(tool: AnyTool): AnyTool {
  return wrapTool(tool, () => {
    throw new ToolError(
      `${tool.name} needs a confirmation an MCP client cannot give; this call was refused, not run. The person who started kodama mcp serve can allow it with --allow-tools ${tool.name}`,
    );
  });
}

function waitForSignal(io: CliIO): Promise<void> {
  const signals = io.signals ?? process;
  return new Promise((resolve) => {
    const stop = () => {
      signals.off('SIGINT', stop);
      resolve();
    };
    signals.on('SIGINT', stop);
  });
}

/** A step of an `ask` call's Run, sent to the MCP client as progress (`notifications/progress`). */
const ASK_PROGRESS = defineEvent<string>('mcp-serve.progress');

/** The progress message for one Run event; `undefined` for events that are no step (deltas, tokens). */
function progressNote(event: RunEvent): string | undefined {
  switch (event.type) {
    case 'model-start':
      return `model call ${event.index + 1}`;
    case 'tool-start':
      return `running ${event.name}`;
    case 'tool-result':
      return `${event.name}: ${event.status}`;
    default:
      return undefined;
  }
}

/** `--agent`: one whole kodama Run per call, on the assistant `ask` would build with the same flags. */
function askTool(args: McpServeArgs, io: CliIO, files: KodamaConfigFiles): AnyTool {
  return defineTool({
    name: 'ask',
    description: 'Runs a kodama agent on the prompt, with its own tools, and answers with its final answer.',
    parameters: {
      type: 'object',
      properties: { prompt: { type: 'string', description: 'The task for the agent' } },
      required: ['prompt'],
    },
    execute: async (input, context) => {
      const prompt = String(input.prompt);
      const { discoverDefaultModel, resolveModel } = await import('@kodama/models');
      const { buildAssistant } = await import('./assistant-setup.ts');
      const { resolveAgentSpec } = await import('./resolve-spec.ts');
      const target =
        args.model ?? (io.env.KODAMA_MODEL?.trim() || (await discoverDefaultModel({ env: io.env }))?.target);
      if (!target) return 'Error: no model: start kodama mcp serve with --model';
      const model = await resolveModel(target, { env: io.env });
      const remote = { ...io, stdin: NO_INPUT };
      const choice = { ...args, tools: args.tools.filter((t) => t !== AGENT_TOOL) };
      const agent = await buildAssistant(await resolveAgentSpec(choice, remote, { files }), remote, {
        model,
      });
      try {
        const stream = agent.stream(prompt, { signal: context.signal });
        // Each step of the Run is a progress note: a client that gave a progressToken sees
        // the agent working (and may keep its timeout alive) until the answer.
        for await (const event of stream) {
          const note = progressNote(event);
          if (note !== undefined) context.emit(ASK_PROGRESS, note);
        }
        const run = await stream.run;
        return run.completed
          ? run.response
          : `Error: the run ended ${run.outcome}: ${String(run.error ?? '')}`;
      } finally {
        await agent.close();
      }
    },
  }) as AnyTool;
}
