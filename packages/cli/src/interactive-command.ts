import { randomBytes } from 'node:crypto';
import type { BackgroundControl } from '@kodama/assistant';
import type { Agent } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { AssistantSetupError, buildAssistant } from './assistant-setup.ts';
import { type AssistantSpec, resolveAssistantSpec } from './assistant-spec.ts';
import type { CliIO } from './cli-io.ts';
import { customCommands } from './commands-setup.ts';
import { EXIT } from './exit-status.ts';
import { oneShotPrompt } from './headless/piped-input.ts';
import { preCompact, withHooks } from './hooks/hooks-setup.ts';
import type { InteractiveArgs } from './interactive-args.ts';
import { printTurn } from './interactive-print.ts';
import { assistantSystemPrompt, loadInstructions } from './interactive-prompt.ts';
import {
  approvalInbox,
  checkpointDir,
  configNotes,
  extensionReaders,
  historyFile,
  mcpServers,
  permissionRules,
  ruleFiles,
  shellRunner,
} from './interactive-setup.ts';
import { UsageError } from './parse-support.ts';
import { pickModel } from './pick-model.ts';
import { exitSessionLine, latestSession, openSessionStore } from './session-store.ts';
import { createWorktree, type SessionWorktree, WorktreeError, worktreeExitText } from './worktree.ts';

/** A new session id: `kodama-20250101-120000-ab12`. */
export function newSessionId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `kodama-${stamp}-${randomBytes(2).toString('hex')}`;
}

/**
 * `kodama` (the assistant on the terminal) and `kodama -p` (one turn,
 * printed): the assistant's tools rooted at the project (the git root above
 * the current directory unless `--root`), kodama's coding prompt with the
 * project's instruction files, sessions saved as they go. With
 * `--worktree`, the project is a new git worktree of it, and the exit says
 * how to merge or remove it.
 */
export async function interactive(args: InteractiveArgs, io: CliIO): Promise<number> {
  if (args.worktree === undefined) return assistantSession(args, io);
  let worktree: SessionWorktree;
  try {
    worktree = await createWorktree(args.root ?? process.cwd(), args.worktree, io.env);
  } catch (error) {
    if (!(error instanceof WorktreeError)) throw error;
    io.stderr.write(`kodama: ${error.message}\n`);
    return EXIT.usage;
  }
  try {
    return await assistantSession({ ...args, root: worktree.path }, io);
  } finally {
    io.stdout.write(await worktreeExitText(worktree, io.env));
  }
}

async function assistantSession(args: InteractiveArgs, io: CliIO): Promise<number> {
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  const assistant = await import('@kodama/assistant');
  let spec: AssistantSpec;
  let rules: ReturnType<typeof permissionRules>;
  try {
    // The one read of the configuration, trust decided first: every step below takes the spec.
    spec = await resolveAssistantSpec(args, io, { say });
    // A person can be asked in the assistant, and in -p when stdin is a terminal.
    const person = args.print === undefined || io.stdin.isTTY === true;
    const mode = args.permissionMode ?? spec.configuredMode;
    rules = permissionRules(assistant, spec.configFiles, spec.root, { person, env: io.env, mode });
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    return EXIT.usage;
  }
  const { root } = spec;
  let prompt = '';
  let untrusted: readonly string[] = [];
  try {
    // -p: piped stdin is the prompt, or context attached to the argument (read before a model is picked).
    if (args.print !== undefined && args.inputFormat !== 'stream-json')
      ({ text: prompt, untrusted } = await oneShotPrompt(args.print, io.stdin, 'kodama'));
    else if (args.print !== undefined) prompt = args.print;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say(error.message);
    return EXIT.usage;
  }
  const model = await pickModel(spec.model, io, { maxOutputTokens: spec.maxTokens });
  if (!model) return EXIT.usage;
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
      return await printTurn(spec, io, { model, systemPrompt, store, sessionId, rules, prompt, untrusted });
    const { ProcessTerminal } = await import('@mariozechner/pi-tui');
    let agent: Agent | undefined;
    let background: BackgroundControl | undefined;
    const extensions = await extensionReaders();
    const commands = await customCommands(assistant, root, io.env, spec.trusted);
    // Shown as warning notices once the session is drawn (read then): the commands' and the skills'.
    const startWarnings = [...commands.warnings];
    // The hooks of the files in effect (hooks/hooks-setup.ts), their failures shown on the screen.
    const notice = (text: string) => app.transcript.notice(text, 'warning');
    const hookRun = { ...spec, env: io.env, sessionId: () => app.sessionId, store, notice };
    const app = new assistant.AssistantApp({
      terminal: new ProcessTerminal(),
      theme: assistant.themeFor(io.stdout as { isTTY?: boolean }, io.env, spec.theme),
      store,
      sessionId,
      newSessionId: () => newSessionId(),
      // A model switched to keeps the output-token limit of --max-tokens (or the configuration's).
      resolveModel: (t) => resolveModel(t, { env: io.env, maxOutputTokens: spec.maxTokens }),
      historyFile: historyFile(root, io.env),
      root,
      checkpointDir: checkpointDir(root, io.env),
      inbox: approvalInbox(assistant, io.env),
      permissions: rules,
      ruleFiles: ruleFiles(root, io.env, spec),
      permissionModeChosen: args.permissionMode !== undefined,
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
        get background() {
          return background;
        },
        mcpServers: await mcpServers(root, io.env, spec.trusted),
        configNotes: configNotes(spec.configFiles, root),
      },
      approvals: { approveAll: spec.yes, approveTaint: spec.yesAll },
      commands: commands.commands,
      commandWarnings: startWarnings,
      beforeCompact: (instructions) => preCompact(hookRun, instructions),
      // The assistant's wiring (permission gate, checkpointed and reviewed edits, confirmer, taint gate).
      buildAgent: async (ui) => {
        const options = {
          model,
          maxSteps: spec.maxSteps,
          systemPrompt,
          streamOutput: true,
          // The skill catalog's problems on the screen, not on stderr under it.
          skillNotice: (line: string) => startWarnings.push(line),
          onBackground: (control: BackgroundControl) => {
            background = control;
          },
          ...ui.wiring,
        };
        // The hooks around it all (hookRun above).
        agent = await buildAssistant(spec, io, await withHooks(options, hookRun));
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
    io.stdout.write(await exitSessionLine(store, app.sessionId, warn));
    return terminated ? EXIT.terminated : EXIT.ok;
  } catch (error) {
    if (!(error instanceof AssistantSetupError)) throw error;
    say(error.message);
    return error.usage ? EXIT.usage : EXIT.failed;
  } finally {
    await store.close();
  }
}
