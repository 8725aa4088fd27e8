import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** The environment variables {@link defaultSessionDir} reads. */
export type SessionDirEnv = {
  readonly XDG_DATA_HOME?: string | undefined;
  readonly HOME?: string | undefined;
};

/**
 * Where the JSONL store keeps sessions unless told otherwise:
 * `$XDG_DATA_HOME/kodama/sessions`, else `~/.local/share/kodama/sessions`.
 * A relative or empty `XDG_DATA_HOME` is ignored, as the XDG spec says.
 */
export function defaultSessionDir(env: SessionDirEnv = process.env): string {
  const data = env.XDG_DATA_HOME;
  if (data !== undefined && data !== '' && isAbsolute(data)) return join(data, 'kodama', 'sessions');
  const home = env.HOME !== undefined && env.HOME !== '' ? env.HOME : homedir();
  return join(home, '.local', 'share', 'kodama', 'sessions');
}
