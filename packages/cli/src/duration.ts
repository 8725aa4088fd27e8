const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A duration written for people (`500ms`, `30s`, `2m`, `1h`, `1m30s`; a bare
 * number is seconds) in milliseconds; `undefined` when it is not one.
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== trimmed) return undefined;
  return Math.round(parts.reduce((sum, p) => sum + Number(p[1]) * UNITS[p[2]!]!, 0));
}
