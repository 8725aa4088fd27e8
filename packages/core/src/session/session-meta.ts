import { InvalidOptionError } from '../errors/invalid-option-error.ts';
import type { SessionMeta } from './session-store.ts';

/**
 * Checks what a caller passed as {@link SessionMeta} and returns a fresh copy
 * with only its known fields; throws `InvalidOptionError` naming the field.
 */
export function checkSessionMeta(meta: SessionMeta | undefined): SessionMeta {
  if (meta === undefined) return {};
  if (typeof meta !== 'object' || meta === null)
    throw new InvalidOptionError('SessionMeta', 'an object', meta);
  const out: { title?: string; model?: string } = {};
  for (const key of ['title', 'model'] as const) {
    const value = meta[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new InvalidOptionError(`SessionMeta.${key}`, 'a string', value);
    out[key] = value;
  }
  return out;
}
