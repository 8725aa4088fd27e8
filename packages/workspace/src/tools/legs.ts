import type { TrifectaLegs, UntrustedLevel } from '@kodama/core';
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

/**
 * bash can read anything its sandbox shows and reach whatever its network
 * reaches: egress (reviewed when a person approves each command) and
 * hard-untrusted input unless it runs under bubblewrap without network.
 */
export function bashLegs(workspace: Workspace, confirmer: Confirmer, sandbox: SandboxOptions): TrifectaLegs {
  const offline = sandbox.kind === 'bubblewrap' && sandbox.network !== true;
  return Object.freeze({
    privateData: true,
    untrusted: offline ? untrusted(workspace) : 'hard',
    egress: offline ? 'none' : confirmer.reviewed ? 'reviewed' : 'unreviewed',
  });
}
