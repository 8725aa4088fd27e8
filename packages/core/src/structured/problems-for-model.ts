import type { JsonSchema } from '../model/tool-spec.ts';

// A problem starts with its path (see the tool layer's json-path.ts): `$`, then
// `.key` for identifier-like keys, `[2]` for items, `["odd key"]` for the rest.
const PATH = /^\$(?:\.[A-Za-z_$][A-Za-z0-9_$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])*/;
const STEP = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[\d+\]|\[("(?:[^"\\]|\\.)*")\]/gy;

/**
 * The problems of an answer as the repair message tells them to the model:
 * a problem at or under a property the schema does not declare anywhere (a
 * name the model made up) is not quoted, since a made-up name is text the
 * model wrote, not a fact about the schema. Those are counted per object
 * instead (`$.owner has 2 properties not in the schema`), in the place of
 * the first of them; every other problem is kept as it is. The program still
 * gets every problem word for word (`OutputValidationError.problems`).
 */
export function problemsForModel(problems: readonly string[], schema: JsonSchema): string[] {
  const declared = declaredNames(schema);
  const lines: (string | { parent: string; keys: Set<string> })[] = [];
  const counted = new Map<string, { parent: string; keys: Set<string> }>();
  for (const problem of problems) {
    const invented = firstInvented(problem, declared);
    if (!invented) {
      lines.push(problem);
      continue;
    }
    let entry = counted.get(invented.parent);
    if (!entry) {
      entry = { parent: invented.parent, keys: new Set() };
      counted.set(invented.parent, entry);
      lines.push(entry);
    }
    entry.keys.add(invented.key);
  }
  return lines.map((line) => {
    if (typeof line === 'string') return line;
    const n = line.keys.size;
    return `${line.parent} has ${n} ${n === 1 ? 'property' : 'properties'} not in the schema`;
  });
}

/** The first key of the problem's path that the schema does not declare, and the path of its object. */
function firstInvented(
  problem: string,
  declared: ReadonlySet<string>,
): { parent: string; key: string } | undefined {
  const path = PATH.exec(problem)?.[0] ?? '';
  STEP.lastIndex = 1;
  for (let start = 1, step = STEP.exec(path); step; start = STEP.lastIndex, step = STEP.exec(path)) {
    const quoted = step[2];
    const key = step[1] ?? (quoted === undefined ? undefined : (JSON.parse(quoted) as string));
    if (key !== undefined && !declared.has(key)) return { parent: path.slice(0, start), key };
  }
  return undefined;
}

/** Every property name the schema declares, at any depth (`properties` of any subschema). */
function declaredNames(schema: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) declaredNames(item, names);
  else if (typeof schema === 'object' && schema !== null) {
    const { properties } = schema as { properties?: unknown };
    if (typeof properties === 'object' && properties !== null && !Array.isArray(properties))
      for (const name of Object.keys(properties)) names.add(name);
    for (const value of Object.values(schema)) declaredNames(value, names);
  }
  return names;
}
