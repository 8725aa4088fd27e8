// LittleGhost's "the value of the last expression" for a program that runs
// inside an async function (so it can await): the longest tail of lines that
// compiles as `return (<tail>)` is the final expression. Nothing is parsed
// by hand; the engine's own compiler decides, so a tail that is a statement
// (a loop, a declaration) never compiles and the program returns nothing.

/** How many trailing lines are tried at most (one compile each). */
const MAX_TAIL_LINES = 40;

/**
 * The async-function body to run for `source`: the source with its last
 * expression returned when `compiles` accepts that form, else the source as
 * written (an explicit `return` still gives the value).
 */
export function withFinalValue(source: string, compiles: (body: string) => boolean): string {
  const lines = source.replace(/\s+$/, '').split('\n');
  const first = Math.max(0, lines.length - MAX_TAIL_LINES);
  // A one-line tail after the last line's own `;` (`let s = 0; for (...) s++; s`).
  const last = lines[lines.length - 1] ?? '';
  const cut = last.replace(/;\s*$/, '').lastIndexOf(';');
  if (cut >= 0) {
    const head = [...lines.slice(0, -1), last.slice(0, cut + 1)];
    const body = `${head.join('\n')}\nreturn (\n${last.slice(cut + 1).replace(/;\s*$/, '')}\n);`;
    if (last.slice(cut + 1).trim() !== '' && !bodiless(head) && compiles(body)) return body;
  }
  for (let k = lines.length - 1; k >= first; k--) {
    const tail = lines.slice(k).join('\n').replace(/;\s*$/, '');
    if (tail.trim() === '' || /^\s*(\/\/|return\b)/.test(lines[k] ?? '')) continue;
    if (bodiless(lines.slice(0, k))) continue;
    const body = `${lines.slice(0, k).join('\n')}\nreturn (\n${tail}\n);`;
    if (compiles(body)) return body;
  }
  return source;
}

/** The async wrapper a body runs in. */
export function asyncWrapper(body: string): string {
  return `(async () => {\n${body}\n})()`;
}

/** Whether the last non-empty line opens a statement without braces (`for (...)`, `else`): a tail after it is its body. */
function bodiless(head: readonly string[]): boolean {
  const prev =
    [...head]
      .reverse()
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  const opening = /^(\}\s*)?(else\s+)?(if|for|while|with)\s*\(/.exec(prev);
  if (opening && closingParen(prev, opening[0].length - 1) === prev.length - 1) return true;
  return /(^|\W)(else|do)$/.test(prev) || /=>$/.test(prev);
}

/** The index of the `)` matching the `(` at `open`, or -1 (strings are not understood: a heuristic). */
function closingParen(line: string, open: number): number {
  let depth = 0;
  for (let i = open; i < line.length; i++) {
    if (line[i] === '(') depth++;
    else if (line[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * The wrapper a program runs in: its end reported through the two host
 * functions, captured and removed from the global object before the body runs.
 */
export function programWrapper(body: string): string {
  return `((done, fail) => {
delete globalThis.__kodama_done; delete globalThis.__kodama_fail;
return (async () => {\n${body}\n})().then((v) => done(v === undefined ? undefined : JSON.stringify(v)), (e) => fail(e));
})(globalThis.__kodama_done, globalThis.__kodama_fail)`;
}
