import { ToolError } from '@kodama/core';
import { PathRefusedError } from '../workspace/errors.ts';

/**
 * Turns what the filesystem throws into an `Error: ...` observation the model
 * can act on (a refused path, a missing file, no permission); anything else
 * is a real failure and is rethrown.
 */
export function toToolError(error: unknown, shownAs: string): never {
  if (ToolError.isInstance(error)) throw error;
  if (PathRefusedError.isInstance(error)) throw new ToolError(error.message, { cause: error });
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const why: Record<string, string> = {
    ENOENT: `${shownAs} does not exist`,
    ENOTDIR: `${shownAs} does not exist (a parent is not a directory)`,
    EACCES: `permission denied: ${shownAs}`,
    EPERM: `operation not permitted: ${shownAs}`,
    EISDIR: `${shownAs} is a directory`,
    EROFS: `${shownAs} is on a read-only file system`,
    ENOSPC: 'no space left on the device',
    ENAMETOOLONG: `the path is too long: ${shownAs}`,
  };
  if (code && why[code]) throw new ToolError(why[code], { cause: error });
  throw error;
}
