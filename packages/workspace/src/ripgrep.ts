import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { KodamaError } from '@kodama/core';

/** Neither the bundled nor a system ripgrep exists; grep and glob cannot run. */
export class RipgrepNotFoundError extends KodamaError {}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `rg` on a PATH string, or undefined. */
export function findOnPath(name: string, pathEnv: string | undefined = process.env.PATH): string | undefined {
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

let bundled: Promise<string | undefined> | undefined;

/** The binary `@vscode/ripgrep` ships for this platform, if its platform package is installed (cached). */
export function bundledRipgrep(): Promise<string | undefined> {
  bundled ??= import('@vscode/ripgrep').then(
    (m: { rgPath?: string }) => (m.rgPath && executable(m.rgPath) ? m.rgPath : undefined),
    () => undefined, // the module throws when its per-platform package is missing
  );
  return bundled;
}

/** Where {@link findRipgrep} looks. */
export interface FindRipgrepOptions {
  /** Look at the `@vscode/ripgrep` binary first (default true). */
  readonly bundled?: boolean;
  /** The PATH searched for a system `rg` (default `process.env.PATH`). */
  readonly pathEnv?: string;
}

/**
 * Finds ripgrep: the `@vscode/ripgrep` binary, else `rg` on PATH.
 * @throws RipgrepNotFoundError with an install hint when neither exists.
 */
export async function findRipgrep(options: FindRipgrepOptions = {}): Promise<string> {
  const fromPackage = options.bundled === false ? undefined : await bundledRipgrep();
  const found = fromPackage ?? findOnPath('rg', 'pathEnv' in options ? options.pathEnv : process.env.PATH);
  if (!found) {
    throw new RipgrepNotFoundError(
      'ripgrep not found: neither the @vscode/ripgrep binary for this platform nor `rg` on PATH; install the optional dependency (`npm install @vscode/ripgrep`) or the ripgrep package of your system',
    );
  }
  return found;
}
