// `kodama -p "<prompt>"`: one turn with the assistant's wiring and no screen.
// The permission rules decide as in the assistant (allow runs, ask asks, deny
// refuses); what is asked is asked on the terminal, and refused with a
// message saying how to allow it when there is none.
import type { Listener, Model, Run } from '@kodama/core';
import type { SessionStore } from '@kodama/core/session';
import { type AssistantOptions, buildAssistant } from './assistant-setup.ts';
import type { AssistantSpec } from './assistant-spec.ts';
import type { CliIO } from './cli-io.ts';
import { configPath } from './config.ts';
import { EXIT } from './exit-status.ts';
import { oneShotRun } from './headless/one-shot-run.ts';
import { approvalInbox } from './interactive-setup.ts';
import { JsonLines } from './json-lines.ts';
import { oneShotPlan, planOutput } from './print-plan-setup.ts';
import { type StopSignals, stopSignals } from './stop-signals.ts';
import { taintRefusal } from './taint-gate.ts';

type AssistantModule = typeof import('@kodama/assistant');
type Rules = InstanceType<AssistantModule['PermissionRules']>;

/** What `kodama -p` runs with. */
export interface PrintSetup {
  readonly model: Model;
  readonly systemPrompt: string;
  readonly store: SessionStore;
  readonly sessionId: string;
  readonly rules: Rules;
  /** The prompt: `-p`'s argument with piped stdin (`oneShotPrompt`). */
  readonly prompt: string;
  /** The untrusted sources it carries (`['stdin']` for piped text attached to the argument). */
  readonly untrusted?: readonly string[];
}

/**
 * The person `-p` asks: y / n on the terminal (stdin a TTY, the question on
 * stderr); with no terminal, `unanswered` and a line on stderr saying the call
 * was refused because no one could confirm it, and how to allow it next time
 * (`--yes`, `--yes=all`, the narrowest allow rule that would cover it, or,
 * when none can, approving it interactively).
 */
export async function terminalAsker(
  assistant: AssistantModule,
  rules: Rules,
  io: CliIO,
): Promise<import('@kodama/assistant').AskPerson> {
  const { terminalConfirmer } = await import('@kodama/workspace');
  const terminal = terminalConfirmer({ input: io.stdin, output: io.stderr });
  return async ({ request, taintSources }, signal) => {
    if (io.stdin.isTTY === true)
      return (await terminal.confirm(request as Parameters<typeof terminal.confirm>[0], signal))
        ? { kind: 'yes' }
        : { kind: 'no' };
    if (taintSources !== undefined) {
      const call = { agentId: '', toolName: request.tool, arguments: '', sources: taintSources };
      io.stderr.write(taintRefusal(call, request.detail));
      return { kind: 'unanswered' };
    }
    const subject = assistant.subjectOf(request);
    const what = `${request.tool}${subject.command !== undefined ? ` "${subject.command.split('\n')[0]}"` : request.path ? ` ${request.path}` : ''}`;
    const ruled = rules.decide(subject);
    const rule = assistant.ruleOf(request, rules);
    // A rule suggested for the user's own file: a project's allow rules count only once it is trusted.
    const how =
      request.tool === 'mcp_connect'
        ? 'starting a server the project defines needs a confirmation; run with --yes, or name it with --mcp-connect <id>'
        : ruled?.decision === 'ask'
          ? `the rule "${ruled.rule}" in ${ruled.source} asks first; --yes approves it`
          : rule !== undefined
            ? `allow it with --yes, or with a rule in ${configPath(io.env)}: {"permissions": {"allow": ["${rule}"]}}`
            : 'no permission rule can allow it (a line beyond what a rule matches, or a protected path); approve it interactively: run kodama in a terminal';
    io.stderr.write(`kodama: ${what} was not run: it needs approval and stdin is not a terminal; ${how}\n`);
    return { kind: 'unanswered' };
  };
}

/** `kodama -p`: one turn with the assistant's wiring, streamed as text (or JSON events), saved in the session. */
export async function printTurn(args: AssistantSpec, io: CliIO, setup: PrintSetup): Promise<number> {
  const { Terminal } = await import('@kodama/core');
  // --output-format json / stream-json: stdout carries only their lines (headless/).
  const listener: Listener | undefined =
    args.outputFormat !== 'text'
      ? undefined
      : args.json
        ? new JsonLines(io.stdout)
        : new Terminal({ stdout: io.stdout, stderr: io.stderr });
  const assistant = await import('@kodama/assistant');
  // Control files ask the person even under --yes; with no terminal there is none, and they are refused.
  // On a terminal the question also waits in the user's inbox (`kodama approve <id>` answers it too, once).
  const asked = await terminalAsker(assistant, setup.rules, io);
  const from = { surface: 'print', root: args.root, sessionId: () => setup.sessionId } as const;
  const asker = io.stdin.isTTY
    ? assistant.throughInbox(asked, approvalInbox(assistant, io.env), from)
    : asked;
  const wiring = assistant.printWiring(asker, setup.rules, {
    approveAll: args.yes,
    approveTaint: args.yesAll,
    person: io.stdin.isTTY === true,
  });
  // The mode is told to the model; plan mode brings present_plan (printed, asked on a terminal).
  const plan = await oneShotPlan(assistant, setup.rules, io, planOutput(args, io));
  // The hooks of the files in effect around the assistant's wiring (hooks/hooks-setup.ts).
  const { printHookRun, withHooks } = await import('./hooks/hooks-setup.ts');
  const hooked = (options: AssistantOptions) => withHooks(options, printHookRun(args, io, setup));
  const agent = await buildAssistant(
    args,
    io,
    await hooked({
      model: setup.model,
      ...(listener ? { listener } : {}),
      maxSteps: args.maxSteps,
      systemPrompt: setup.systemPrompt,
      extraTools: plan.tools,
      ...wiring,
    }),
  );
  const stop = stopSignals(io);
  try {
    const note = plan.note;
    return await oneShotRun({
      agent,
      io,
      outputFormat: args.outputFormat,
      inputFormat: args.inputFormat,
      prompt: setup.prompt === '' ? undefined : setup.prompt,
      ...(setup.untrusted ? { untrusted: setup.untrusted } : {}),
      options: { signal: stop.signal, session: { id: setup.sessionId, store: setup.store } },
      sessionId: setup.sessionId,
      root: args.root,
      ...(note ? { firstPrompt: (p: string) => assistant.withNotes([note], p) } : {}),
      statusOf: (run) => printStatus(run, stop, io),
    });
  } finally {
    stop.dispose();
    await agent.close();
  }
}

/** `-p`'s exit status for a finished turn: the failure's message on stderr. */
function printStatus(run: Run, stop: StopSignals, io: CliIO): number {
  if (run.outcome === 'completed') return EXIT.ok;
  if (run.outcome === 'cancelled')
    return stop.outputClosed ? EXIT.outputClosed : stop.terminated ? EXIT.terminated : EXIT.cancelled;
  if (run.outcome === 'partial') return EXIT.partial;
  io.stderr.write(`kodama: ${run.error instanceof Error ? run.error.message : String(run.error)}\n`);
  return EXIT.failed;
}
