// A stand-in for kodama in tests that kill it: a real Workspace and its real
// bash tool start commands (foreground and background), read a background
// command's output, print one JSON line on stdout, then end as `end` says:
// `wait` (until the test SIGKILLs it), `close` (the session ends: the
// workspace closes, then the process exits) or `exit` (process.exit with the
// workspace still open). Run as `node --conditions=@kodama/source --import tsx`.
import { existsSync, readFileSync } from 'node:fs';
import { executeToolCall } from '@kodama/core/tool';
import { autoApprove, Workspace, workspaceTools } from '../../src/index.ts';

/** What the host does, passed as one JSON argument. */
export interface HostSpec {
  readonly project: string;
  readonly sandbox: boolean;
  /** Started with run_in_background, in order (bash-1, bash-2, ...). */
  readonly background: readonly string[];
  /** Run in the foreground after them (e.g. one that leaves a `&` child behind). */
  readonly foreground?: readonly string[];
  /** bash_output of bash-1 is read until it contains this. */
  readonly expect: string;
  readonly end: 'wait' | 'close' | 'exit';
  /** A file the command of bash-2 writes its pid (= its group) to: the registry then forgets that group. */
  readonly forgetPidFile?: string;
  /** Kill the watchdog (SIGKILL) after bash-1 started; the commands after it start a new one. */
  readonly killWatchdog?: boolean;
}

/** What the host prints once everything started. */
export interface HostReport {
  readonly output: string;
  readonly watchdog: number | undefined;
  readonly running: number;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as HostSpec;
const workspace = await Workspace.create({ projectRoot: spec.project });
const tools = workspaceTools(workspace, {
  confirmer: autoApprove,
  ...(spec.sandbox ? { sandbox: { kind: 'bubblewrap' as const } } : {}),
});
let n = 0;
async function call(name: 'bash' | 'bash_output', args: Record<string, unknown>): Promise<string> {
  const id = `call-${++n}`;
  const outcome = await executeToolCall(
    tools[name],
    { id, name, arguments: JSON.stringify(args) },
    { signal: new AbortController().signal, agentId: '', toolCallId: id, idempotencyKey: id, emit: () => {} },
  );
  if (outcome.kind !== 'ok') throw new Error(`${name} failed: ${JSON.stringify(outcome)}`);
  return String(outcome.result);
}

for (const [i, command] of spec.background.entries()) {
  await call('bash', { command, run_in_background: true });
  if (i === 0 && spec.killWatchdog) {
    const pid = workspace.processes.watchdogPid;
    if (pid === undefined) throw new Error('no watchdog after the first command');
    process.kill(pid, 'SIGKILL');
    while (workspace.processes.watchdogPid === pid) await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
if (spec.forgetPidFile) {
  while (!existsSync(spec.forgetPidFile)) await new Promise((resolve) => setTimeout(resolve, 10));
  workspace.processes.delete(Number(readFileSync(spec.forgetPidFile, 'utf8')));
}
for (const command of spec.foreground ?? []) await call('bash', { command });
let output = '';
while (!output.includes(spec.expect)) {
  output += await call('bash_output', { id: 'bash-1' });
  await new Promise((resolve) => setTimeout(resolve, 25));
}
const report: HostReport = {
  output,
  watchdog: workspace.processes.watchdogPid,
  running: workspace.background.running,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
if (spec.end === 'close') {
  await workspace.close();
  process.exit(0);
} else if (spec.end === 'exit') {
  process.exit(0);
} else {
  setInterval(() => {}, 60_000);
}
