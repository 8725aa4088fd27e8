/** A duration for messages: `60000` → `60 s`, `200` → `0.2 s`. */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}
