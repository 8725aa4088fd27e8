/**
 * Headers that carry credentials: dropped when a redirect leaves the origin
 * the caller addressed, as browsers and curl do. `x-subscription-token`
 * (Brave) and `x-api-key` (Exa) are the search engines' keys.
 */
export const CREDENTIAL_HEADERS: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'x-subscription-token',
];

/** True when `a` and `b` differ in scheme, host or port (default ports normalized). */
export function isCrossOrigin(a: URL, b: URL): boolean {
  return a.origin !== b.origin;
}

/**
 * A copy of `headers` without the credential headers (matched case-insensitively):
 * {@link CREDENTIAL_HEADERS} plus the caller's `extra` names.
 */
export function withoutCredentialHeaders(
  headers: Readonly<Record<string, string>>,
  extra: readonly string[] = [],
): Record<string, string> {
  const drop = new Set([...CREDENTIAL_HEADERS, ...extra.map((name) => name.toLowerCase())]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name.toLowerCase())));
}
