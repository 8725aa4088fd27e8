import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CliIO } from './cli-io.ts';
import { configOf, readKodamaConfig, readProjectConfig } from './config-files.ts';
import { EXIT } from './exit-status.ts';
import { ASSISTANT_TOOLS } from './interactive-args.ts';
import { projectRoot } from './interactive-prompt.ts';
import { type ProjectConfigPlan, projectConfigPlan, shown } from './project-config-plan.ts';
import { wideningLines } from './project-trust.ts';
import type { TrustArgs } from './trust-args.ts';
import { readTrust, rememberTrust, trustFile } from './trust-store.ts';

/**
 * `kodama trust`: shows what the folder's project configuration would do and
 * remembers that the person trusts it (or, `--revoke`, that they do not);
 * `--list` prints the remembered answers. Resolves to the exit status.
 */
export async function trust(args: TrustArgs, io: CliIO): Promise<number> {
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  if (args.action === 'list') return list(io);
  const root = args.root === undefined ? await projectRoot(process.cwd()) : resolve(args.root);
  if (!existsSync(root)) {
    say(`--root ${root}: no such folder`);
    return EXIT.usage;
  }
  let plan: ProjectConfigPlan;
  try {
    const files = await readKodamaConfig(io.env, root);
    configOf(files.user); // a malformed user file is refused here, as everywhere
    plan = await projectConfigPlan(root, io.env, { files, tools: ASSISTANT_TOOLS });
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    return EXIT.usage;
  }
  const trusted = args.action === 'trust';
  await rememberTrust(io.env, plan.realRoot, {
    digest: plan.digest,
    trusted,
    at: new Date().toISOString(),
  });
  const lines = wideningLines(plan.widening);
  const what =
    lines.length > 0 ? `\n${lines.join('\n')}` : ' nothing beyond deny and ask rules (or no configuration)';
  io.stdout.write(
    trusted
      ? `trusted ${shown(plan.realRoot)}: kodama will use its project configuration, which would:${what}\nA change to .kodama/config.json or .mcp.json is asked about again; kodama trust --revoke takes it back.\n`
      : `not trusted ${shown(plan.realRoot)}: kodama uses only its deny and ask rules, and leaves out what it would do:${what}\n`,
  );
  return EXIT.ok;
}

async function list(io: CliIO): Promise<number> {
  const records = await readTrust(io.env);
  const folders = Object.keys(records).sort();
  if (folders.length === 0) {
    io.stdout.write(`no answers yet (${trustFile(io.env)}); kodama trust trusts the current folder\n`);
    return EXIT.ok;
  }
  // The user's file is read once for every folder; a malformed one counts as empty here.
  const { user: read } = await readKodamaConfig(io.env);
  const user = read.error ? { ...read, config: undefined, error: undefined } : read;
  for (const folder of folders) {
    const record = records[folder];
    if (!record) continue;
    const now = existsSync(folder)
      ? await readProjectConfig(folder)
          .then((project) =>
            projectConfigPlan(folder, io.env, { files: { user, project }, tools: ASSISTANT_TOOLS }),
          )
          .catch(() => undefined)
      : undefined;
    const state =
      now === undefined
        ? 'folder gone or unreadable'
        : now.digest === record.digest
          ? 'unchanged'
          : 'changed since: asks again';
    io.stdout.write(
      `${record.trusted ? 'trusted    ' : 'not trusted'}  ${shown(folder)}  (${record.at.slice(0, 10)}; ${state})\n`,
    );
  }
  return EXIT.ok;
}
