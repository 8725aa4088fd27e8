import type { TrifectaLegs } from '@kodama/core';
import type { UntrustedLevel } from '@kodama/core/trifecta';
import { loadShellParser, reachesNetwork } from '@kodama/shell';
import type { Confirmer } from '../confirm/confirmer.ts';
import type { SandboxOptions } from '../sandbox/sandbox-options.ts';
import type { Workspace } from '../workspace/workspace.ts';

function untrusted(workspace: Workspace): UntrustedLevel {
  return workspace.untrustedRoots.length > 0 ? 'hard' : 'none';
}

/** read, grep, glob: private data in; untrusted only when a root is marked so; no egress. */
export function readerLegs(workspace: Workspace): TrifectaLegs {
  return Object.freeze({ privateData: true, untrusted: untrusted(workspace), egress: 'none' });
}

/** write, edit: bytes stay on this machine and nothing is read back to the model. */
export function writerLegs(): TrifectaLegs {
  return Object.freeze({ privateData: false, untrusted: 'none', egress: 'none' });
}

function offline(sandbox: SandboxOptions): boolean {
  return sandbox.kind === 'bubblewrap' && sandbox.network !== true;
}

/**
 * bash can read anything its sandbox shows and reach whatever its network
 * reaches: egress (reviewed when a person approves each command) and
 * hard-untrusted input unless it runs under bubblewrap without network.
 * The worst any command can do: what the trifecta map shows; each call is
 * judged by {@link bashCallLegs}.
 */
export function bashLegs(workspace: Workspace, confirmer: Confirmer, sandbox: SandboxOptions): TrifectaLegs {
  const off = offline(sandbox);
  return Object.freeze({
    privateData: true,
    untrusted: off ? untrusted(workspace) : 'hard',
    egress: off ? 'none' : confirmer.reviewed ? 'reviewed' : 'unreviewed',
  });
}

/**
 * One command's legs. Under bubblewrap without network nothing goes out or
 * comes in from outside, whatever the command: `legs` as they are. Otherwise
 * the parsed command decides (`@kodama/shell`'s `reachesNetwork`): a command
 * that can reach the network (`curl`, `git fetch`, `npm install`, a line
 * beyond the plain subset: fail closed) has bash's full `legs`; any other
 * (`npm test`, `git status`) sends nothing out and its output is the
 * workspace's own: no egress, untrusted only when a root is marked so. A
 * parser that cannot load counts as reaching the network.
 */
export async function bashCallLegs(
  command: string,
  legs: TrifectaLegs,
  workspace: Workspace,
  sandbox: SandboxOptions,
): Promise<TrifectaLegs> {
  if (offline(sandbox)) return legs;
  try {
    const parser = await loadShellParser();
    if (reachesNetwork(parser.parse(command))) return legs;
  } catch {
    return legs;
  }
  return Object.freeze({ privateData: legs.privateData, untrusted: untrusted(workspace), egress: 'none' });
}
