// Tool names become JavaScript identifiers in the program (`tools.read_file`);
// two tools mapping to one identifier would make one of them unreachable.

/** Names the guest API owns; a tool may not take them. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(['call', 'parallel', 'names']);

/** `name` as a JavaScript identifier: other characters become `_`, a leading digit gets a `_` before it. */
export function identifierOf(name: string): string {
  const id = name.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[0-9]/.test(id) ? `_${id}` : id;
}

/**
 * The identifier of each tool name, in order.
 * @throws TypeError when a name is reserved or two names map to one identifier.
 */
export function identifiers(names: readonly string[]): Map<string, string> {
  const byId = new Map<string, string>();
  for (const name of names) {
    const id = identifierOf(name);
    if (RESERVED_NAMES.has(id))
      throw new TypeError(`codeMode: the tool name "${name}" is reserved in programs`);
    const other = byId.get(id);
    if (other !== undefined)
      throw new TypeError(`codeMode: tools "${other}" and "${name}" both become tools.${id} in programs`);
    byId.set(id, name);
  }
  return new Map([...byId].map(([id, name]) => [name, id]));
}
