/** JSON text of `value` with every object's keys sorted, so key order does not matter. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const fields = Object.keys(object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * One spelling for equal tool-call arguments: parsed as JSON and written back
 * with sorted keys and no spaces (`{"b":2, "a":1}` and `{"a":1,"b":2}` give
 * the same text). Unparsable text is returned as it is. The two cannot be
 * confused: canonical JSON always parses, raw text never does.
 */
export function canonicalArguments(text: string): string {
  try {
    return canonicalJson(JSON.parse(text));
  } catch {
    // Not JSON, or nested deeper than the stack allows: compare the text as written.
    return text;
  }
}
