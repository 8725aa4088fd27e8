// The guest half of the API, in the guest's own JavaScript: it closes over
// the one host function and removes it from the global object, so a program
// reaches the host only through `tools.*` and `text`.

/** The prelude run before each program; `__kodama_host` and `__kodama_text` are the host's. */
export function guestPrelude(catalog: ReadonlyMap<string, string>, concurrency: number): string {
  const entries = JSON.stringify([...catalog]);
  return `(() => {
  'use strict';
  const host = globalThis.__kodama_host, out = globalThis.__kodama_text;
  delete globalThis.__kodama_host; delete globalThis.__kodama_text;
  const entries = ${entries};
  const byName = new Map(entries);
  const plain = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
  const invoke = (name, args) => {
    if (!byName.has(name)) return Promise.reject(new Error('Tool is not available in code mode: ' + name));
    if (args === undefined) args = {};
    if (!plain(args)) return Promise.reject(new TypeError('tools.' + byName.get(name) + ': arguments must be an object'));
    return host(name, JSON.stringify(args)).then((json) => JSON.parse(json));
  };
  const tools = {};
  for (const [name, id] of entries) tools[id] = (args) => invoke(name, args);
  tools.call = (name, args) => invoke(String(name).replace(/^tools\\./, ''), args);
  tools.names = entries.map((e) => e[0]);
  tools.parallel = async (...fns) => {
    if (fns.length === 1 && Array.isArray(fns[0])) fns = fns[0];
    const results = new Array(fns.length);
    let next = 0;
    const worker = async () => {
      while (next < fns.length) { const i = next++; const f = fns[i]; results[i] = await (typeof f === "function" ? f() : f); }
    };
    await Promise.all(Array.from({ length: Math.min(${concurrency}, fns.length) }, worker));
    return results;
  };
  Object.freeze(tools.names);
  globalThis.tools = Object.freeze(tools);
  globalThis.text = (...values) => {
    out(values.map((v) => typeof v === 'string' ? v : JSON.stringify(v)).join(' ') + '\\n');
  };
})();`;
}
