// Whether this run uses the widening parts of a folder's project
// configuration: `--trust` says yes for this run; else a remembered answer
// for these very files; else the person is asked once on the terminal (the
// answer remembered); with no terminal the command is refused (exit 2), naming
// `kodama trust` and `--trust`. Nothing widens without one of these.
import type { ProjectConfigPlan, Widening } from './project-config-plan.ts';
import { rememberTrust, trustFor } from './trust-store.ts';

/**
 * A project configuration that would widen what kodama may do and that nobody
 * has trusted, in a run with no terminal to ask on. Nothing of it ran; the
 * message lists what it would do and how to trust it.
 */
export class ProjectTrustError extends Error {
  override readonly name = 'ProjectTrustError';
}

/** What the decision needs from the command. */
export interface TrustSetup {
  /** `--trust` (true); false when the caller already decided no; undefined: remembered, else ask. */
  readonly flag: boolean | undefined;
  /** Which widening parts this command would use (`kodama ask` reads `.mcp.json`, not `.kodama/config.json`). */
  readonly uses: readonly Widening['use'][];
  readonly env: NodeJS.ProcessEnv;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream;
}

/** The lines that list what the configuration would do. */
export function wideningLines(widening: readonly Widening[]): string[] {
  return widening.map((w) => `  ${w.file} ${w.what}`);
}

/**
 * Decides whether the widening parts of `plan` apply to this run.
 *
 * @throws ProjectTrustError when they matter to this command, nobody decided, and stdin is not a terminal.
 */
export async function decideTrust(plan: ProjectConfigPlan, setup: TrustSetup): Promise<boolean> {
  const relevant = plan.widening.filter((w) => setup.uses.includes(w.use));
  if (setup.flag !== undefined) return setup.flag;
  if (relevant.length === 0) return false;
  const remembered = await trustFor(setup.env, plan.realRoot, plan.digest);
  if (remembered === true) return true;
  if (remembered === false) {
    setup.stderr.write(
      `kodama: this folder's project configuration is not trusted (your earlier answer), so kodama goes on without:\n${wideningLines(relevant).join('\n')}\nkodama: \`kodama trust\` trusts it; its deny and ask rules apply either way.\n`,
    );
    return false;
  }
  if (setup.stdin.isTTY !== true) {
    throw new ProjectTrustError(
      `this folder's project configuration (${plan.realRoot}) is not trusted yet, and it would change what kodama does:\n${wideningLines(relevant).join('\n')}\nNothing of it was used. Trust it with \`kodama trust\` (remembered until these files change) or run with --trust (this run only).`,
    );
  }
  setup.stderr.write(
    `\nkodama: this folder's project configuration would change what kodama does:\n${wideningLines(plan.widening).join('\n')}\nTrust ${plan.realRoot}? (remembered until these files change; no: go on with only its deny and ask rules) (y/n) `,
  );
  const line = await readLine(setup.stdin);
  const trusted = line !== undefined && /^\s*y(es)?\s*$/i.test(line);
  await rememberTrust(setup.env, plan.realRoot, {
    digest: plan.digest,
    trusted,
    at: new Date().toISOString(),
  });
  if (!trusted)
    setup.stderr.write('kodama: not trusted; going on without it (kodama trust trusts it later)\n');
  return trusted;
}

/** One line from `input`; undefined when it ends first. What follows the newline is put back. */
function readLine(input: NodeJS.ReadableStream): Promise<string | undefined> {
  return new Promise((resolve) => {
    let buffered = '';
    const done = (value: string | undefined) => {
      input.removeListener('data', onData);
      input.removeListener('end', onEnd);
      input.pause();
      resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      buffered += chunk.toString();
      const newline = buffered.search(/[\r\n]/);
      if (newline < 0) return;
      const rest = buffered.slice(newline + 1);
      done(buffered.slice(0, newline));
      if (rest) input.unshift(Buffer.from(rest));
    };
    const onEnd = () => done(undefined);
    input.on('data', onData);
    input.once('end', onEnd);
    input.resume();
  });
}
