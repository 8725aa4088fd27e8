import { randomBytes } from 'node:crypto';
import type { Agent, AnyTool } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { AssistantSetupError, buildAssistant } from './assistant-setup.ts';
import type { CliIO } from './cli-io.ts';
import { loadAssistantConfig, loadConfig } from './config.ts';
import { EXIT } from './exit-status.ts';
import type { InteractiveArgs } from './interactive-args.ts';
import { APPROVE_ALL, printTurn } from './interactive-print.ts';
import { assistantSystemPrompt, loadInstructions, projectRoot } from './interactive-prompt.ts';
import {
  assistantChoice,
  checkpointDir,
  configNotes,
  configuredTheme,
  extensionReaders,
  historyFile,
  mcpServers,
  permissionRules,
  shellRunner,
} from './interactive-setup.ts';
import { pickModel } from './pick-model.ts';
import { projectConfigPlan } from './project-config-plan.ts';
import { decideTrust } from './project-trust.ts';
import { latestSession, openSessionStore } from './session-store.ts';

/** A new session id: `kodama-20250101-120000-ab12`. */
export function newSessionId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `kodama-${stamp}-${randomBytes(2).toString('hex')}`;
}

/**
 * `kodama` (the assistant on the terminal) and `kodama -p` (one turn,
 * printed): the assistant's tools rooted at the project (the git root above
 * the current directory unless `--root`), kodama's coding prompt with the
 * project's instruction files, sessions saved as they go.
 */
export async function interactive(args: InteractiveArgs, io: CliIO): Promise<number> {
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  const root = args.root ?? (await projectRoot(process.cwd()));
  const assistant = await import('@kodama/assistant');
  let loaded: Awaited<ReturnType<typeof loadAssistantConfig>>;
  let rules: ReturnType<typeof permissionRules>;
  let trusted: boolean;
  try {
    // Trust first: until the person trusts the folder, its configuration may only narrow.
    const user = await loadConfig(io.env);
    const plan = await projectConfigPlan(root, io.env, { user, tools: args.tools });
    trusted = await decideTrust(plan, {
      flag: args.trust,
      uses: ['config', 'mcp'],
      env: io.env,
      stdin: io.stdin,
      stderr: io.stderr,
    });
    loaded = await loadAssistantConfig(io.env, root, { trusted, baseTools: args.tools });
    // A person can be asked in the assistant, and in -p when stdin is a terminal.
    const person = args.print === undefined || io.stdin.isTTY === true;
    rules = permissionRules(assistant, loaded.files, root, { person, env: io.env });
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    return EXIT.usage;
  }
  const { config } = loaded;
  const model = await pickModel(args.model ?? config.model, io);
  if (!model) return EXIT.usage;
  // The decision is made: the agent's own setup does not ask again.
  const choice = { ...(await assistantChoice(args, { config, root, env: io.env, say })), trust: trusted };
  const instructions = await loadInstructions(process.cwd(), root);
  const systemPrompt = assistantSystemPrompt(root, instructions);
  // One bad file in the sessions folder fails only its session: a line says which, before the screen starts.
  const warn = (line: string) => io.stderr.write(line);
  const store = await openSessionStore(args.store, io.env, warn);
  try {
    let sessionId = args.resume;
    if (args.continue) sessionId = await latestSession(store, warn);
    if (args.continue && sessionId === undefined) say('no session to continue; starting a new one');
    sessionId ??= newSessionId();
    if (args.print !== undefined)
      return await printTurn(args, io, { model, systemPrompt, store, sessionId, choice, rules });
    const { ProcessTerminal } = await import('@mariozechner/pi-tui');
    let agent: Agent | undefined;
    const extensions = await extensionReaders();
    const app = new assistant.AssistantApp({
      terminal: new ProcessTerminal(),
      theme: configuredTheme(assistant, config, io.stdout as { isTTY?: boolean }, io.env),
      store,
      sessionId,
      newSessionId: () => newSessionId(),
      resolveModel: (t) => resolveModel(t, { env: io.env }),
      historyFile: historyFile(root, io.env),
      root,
      checkpointDir: checkpointDir(root, io.env),
      permissions: rules,
      pickSession: args.resumePick,
      runShell: await shellRunner(root, io.env),
      info: {
        instructions: instructions.map((f) => ({ path: f.path, chars: f.text.length })),
        get skills() {
          return extensions.skills(agent);
        },
        get mcp() {
          return extensions.mcp(agent);
        },
        mcpServers: await mcpServers(root, io.env, trusted),
        configNotes: configNotes(loaded.files, root),
      },
      buildAgent: async (ui) => {
        const wrapEdits = (
          tool: AnyTool,
          read: (p: string) => Promise<string | undefined>,
          resolvePath: (p: string) => Promise<string>,
        ) => {
          const checkpointed = assistant.checkpointEdits(tool, resolvePath, ui.checkpoints);
          return args.yes ? checkpointed : assistant.reviewEdits(checkpointed, read, ui.confirmer);
        };
        agent = await buildAssistant(choice, io, {
          model,
          maxSteps: args.maxSteps,
          systemPrompt,
          reviewEdits: wrapEdits,
          streamOutput: true,
          // Control files ask the person (ui.confirmer) also under --yes.
          wrapTool: (tool) =>
            assistant.permissionGate(tool, rules, args.yes ? APPROVE_ALL : ui.confirmer, ui.confirmer),
          ...(args.yes ? {} : { confirmer: ui.confirmer }),
          ...(args.yesAll ? {} : { taintGate: ui.taintGate }),
        });
        return agent;
      },
    });
    // SIGTERM (a supervisor, `kill`) ends the assistant as Ctrl+D does: the turn
    // is cancelled and settles (the session saved), the terminal is restored,
    // and what the agent owns (MCP servers' process groups) is closed.
    const signals = io.signals ?? process;
    let terminated = false;
    const onTerminate = () => {
      terminated = true;
      app.exit();
    };
    signals.on('SIGTERM', onTerminate);
    try {
      await app.run();
    } finally {
      signals.off('SIGTERM', onTerminate);
      await agent?.close();
    }
    io.stdout.write(`session ${app.sessionId}: kodama --resume ${app.sessionId}\n`);
    return terminated ? EXIT.terminated : EXIT.ok;
  } catch (error) {
    if (!(error instanceof AssistantSetupError)) throw error;
    say(error.message);
    return error.usage ? EXIT.usage : EXIT.failed;
  } finally {
    await store.close();
  }
}
