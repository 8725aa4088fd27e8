// A glob matcher that cannot backtrack catastrophically. A glob compiled to a
// backtracking RegExp (the old compiler here, and picomatch 4 too) costs
// O(n^k) for k wildcards that can match the same text: `**/a/**/a/**/a/**/z`
// over a deep path, or `*a*a*a*a*a*a*b` over a long name, blocks the event
// loop for minutes, and no deadline can interrupt a running RegExp. Here braces
// are expanded first (a bounded number of alternatives), and each alternative
// is matched with the greedy two-pointer wildcard algorithm twice over: path
// segments against pattern segments (`**` spans segments), and characters
// against one segment's tokens (`*` spans characters). Both are O(n·m).

/** Most alternatives a pattern's braces may expand to (`{a,b}{c,d}` is 4). */
export const GLOB_MAX_ALTERNATIVES = 1024;

/** A compiled glob. */
export interface GlobMatcher {
  /** The pattern as given. */
  readonly pattern: string;
  /** True when the `/`-separated relative path matches. */
  test(path: string): boolean;
}

/** Options of {@link compileGlob}. */
export interface CompileGlobOptions {
  /** Letters match either case (default false). */
  readonly caseInsensitive?: boolean;
}

/** One character class: `[a-z]`, `[!abc]`. */
interface CharClass {
  readonly negated: boolean;
  readonly ranges: readonly (readonly [number, number])[];
}

/** One token of a segment: a literal code point, `?`, a class, or `*`. */
type Token =
  | { readonly kind: 'char'; readonly code: number }
  | { readonly kind: 'any' }
  | { readonly kind: 'star' }
  | { readonly kind: 'class'; readonly cls: CharClass };

/** A pattern segment: `**` (any number of path segments) or the tokens of one segment. */
type Segment = 'globstar' | readonly Token[];

const STAR: Token = { kind: 'star' };
const ANY: Token = { kind: 'any' };

/**
 * Compiles a glob over `/`-separated relative paths: `**` as a whole segment
 * spans directories, `*` and `?` stay within one segment, `[...]` classes
 * (`[!...]` or `[^...]` negated, ranges ascending) and nested `{a,b}`
 * alternatives work, `\` escapes the next character, and dotfiles match like
 * any file. A pattern without `/` matches the file name at any depth (`*.ts`
 * finds `src/a.ts`); a leading `./` is ignored. Matching costs O(path ×
 * pattern) per alternative, whatever the pattern.
 *
 * @throws Error when the pattern is malformed: a `{` without its `}`, a
 *   descending range (`[z-a]`), or more than {@link GLOB_MAX_ALTERNATIVES}
 *   alternatives.
 */
export function compileGlob(pattern: string, options: CompileGlobOptions = {}): GlobMatcher {
  const fold = options.caseInsensitive === true;
  const anchored = pattern.includes('/') ? pattern.replace(/^(\.\/)+/, '') : `**/${pattern}`;
  const alternatives = expandBraces(anchored).map((alt) => compileAlternative(alt, fold));
  return {
    pattern,
    test(path: string): boolean {
      const parts = (fold ? path.toLowerCase() : path).split('/').map((p) => Array.from(p, codeOf));
      return alternatives.some((segments) => matchSegments(segments, parts));
    },
  };
}

const codeOf = (c: string): number => c.codePointAt(0)!;

/** Splits on top-level `{a,b}` into every alternative (escapes and classes are kept as written). */
function expandBraces(pattern: string): string[] {
  let results = [''];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      results = results.map((r) => r + pattern.slice(i, i + 2));
      i += 2;
    } else if (c === '[') {
      const end = classEnd(pattern, i);
      const text = end < 0 ? '\\[' : pattern.slice(i, end + 1);
      results = results.map((r) => r + text);
      i = end < 0 ? i + 1 : end + 1;
    } else if (c === '{') {
      const { options, end } = braceOptions(pattern, i);
      const expanded = options.flatMap(expandBraces);
      if (results.length * expanded.length > GLOB_MAX_ALTERNATIVES)
        throw new Error(`its braces expand to more than ${GLOB_MAX_ALTERNATIVES} alternatives`);
      results = results.flatMap((r) => expanded.map((e) => r + e));
      i = end + 1;
    } else {
      results = results.map((r) => r + c);
      i++;
    }
  }
  return results;
}

/** The comma-separated options of the brace group opening at `start`, and the index of its `}`. */
function braceOptions(pattern: string, start: number): { options: string[]; end: number } {
  const options: string[] = [];
  let depth = 0;
  let from = start + 1;
  for (let i = start + 1; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') i++;
    else if (c === '[') {
      const end = classEnd(pattern, i);
      if (end > 0) i = end;
    } else if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === '}') {
      options.push(pattern.slice(from, i));
      return { options, end: i };
    } else if (c === ',' && depth === 0) {
      options.push(pattern.slice(from, i));
      from = i + 1;
    }
  }
  throw new Error('a "{" has no matching "}"');
}

/** Index of the `]` closing the class that opens at `start`, or -1 (then `[` is literal). */
function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '!' || pattern[i] === '^') i++;
  if (pattern[i] === ']') i++; // a leading `]` is a member
  for (; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === ']') return i;
    else if (pattern[i] === '/') return -1; // a class never spans segments
  }
  return -1;
}

/** One brace-free alternative as segments; consecutive `**` segments are one. */
function compileAlternative(alternative: string, fold: boolean): Segment[] {
  const segments: Segment[] = [];
  for (const part of splitSegments(alternative)) {
    if (part === '**') {
      if (segments.at(-1) !== 'globstar') segments.push('globstar');
    } else segments.push(tokenize(part, fold));
  }
  return segments;
}

/** Splits on `/` outside escapes. */
function splitSegments(alternative: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < alternative.length; i++) {
    if (alternative[i] === '\\') i++;
    else if (alternative[i] === '/') {
      parts.push(alternative.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(alternative.slice(from));
  return parts;
}

function tokenize(segment: string, fold: boolean): Token[] {
  const tokens: Token[] = [];
  const chars = Array.from(segment);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '*') {
      if (tokens.at(-1) !== STAR) tokens.push(STAR); // `**` inside a segment is `*`
    } else if (c === '?') tokens.push(ANY);
    else if (c === '\\' && i + 1 < chars.length) tokens.push(literal(chars[++i]!, fold));
    else if (c === '[') {
      const parsed = parseClass(chars, i, fold);
      if (parsed) {
        tokens.push({ kind: 'class', cls: parsed.cls });
        i = parsed.end;
      } else tokens.push(literal(c, fold));
    } else tokens.push(literal(c, fold));
  }
  return tokens;
}

const literal = (c: string, fold: boolean): Token => ({
  kind: 'char',
  code: codeOf(fold ? c.toLowerCase() : c),
});

function parseClass(
  chars: readonly string[],
  start: number,
  fold: boolean,
): { cls: CharClass; end: number } | undefined {
  let i = start + 1;
  const negated = chars[i] === '!' || chars[i] === '^';
  if (negated) i++;
  const members: number[] = [];
  let first = true;
  for (; i < chars.length; i++) {
    let c = chars[i]!;
    if (c === ']' && !first) break;
    first = false;
    if (c === '\\' && i + 1 < chars.length) c = chars[++i]!;
    members.push(codeOf(c));
  }
  if (i >= chars.length) return undefined; // no closing `]`: a literal `[`
  const ranges: [number, number][] = [];
  for (let m = 0; m < members.length; m++) {
    const low = members[m]!;
    // `a-z` (a `-` first or last is a member)
    if (m + 2 < members.length && members[m + 1] === 45) {
      const high = members[m + 2]!;
      if (high < low)
        throw new Error(`the range ${String.fromCodePoint(low)}-${String.fromCodePoint(high)} is descending`);
      ranges.push([low, high]);
      m += 2;
    } else ranges.push([low, low]);
  }
  if (fold) {
    // Folded paths are lower case: add the lower-case form of every letter a range covers.
    for (const [low, high] of [...ranges]) {
      if (high - low > 0x3000) continue; // wide ranges cover both cases already, as far as it matters
      for (let code = low; code <= high; code++) {
        const lower = codeOf(String.fromCodePoint(code).toLowerCase());
        if (lower !== code) ranges.push([lower, lower]);
      }
    }
  }
  return { cls: { negated, ranges }, end: i };
}

function tokenMatches(token: Token, code: number): boolean {
  switch (token.kind) {
    case 'char':
      return token.code === code;
    case 'any':
      return true;
    case 'class': {
      const inside = token.cls.ranges.some(([low, high]) => code >= low && code <= high);
      return inside !== token.cls.negated;
    }
    default:
      return false;
  }
}

/**
 * Greedy wildcard matching: `*` takes as little as it can, and on a mismatch
 * only the most recent `*` takes one more character. Correct because every
 * other token matches exactly one character; O(n·m) at worst.
 */
function matchSegment(tokens: readonly Token[], text: readonly number[]): boolean {
  let t = 0;
  let p = 0;
  let starAt = -1;
  let starText = 0;
  while (t < text.length) {
    const token = tokens[p];
    if (token !== undefined && token.kind === 'star') {
      starAt = p++;
      starText = t;
    } else if (token !== undefined && tokenMatches(token, text[t]!)) {
      p++;
      t++;
    } else if (starAt >= 0) {
      p = starAt + 1;
      t = ++starText;
    } else return false;
  }
  while (tokens[p]?.kind === 'star') p++;
  return p === tokens.length;
}

/** The same greedy algorithm one level up: `**` spans path segments, every other segment matches one. */
function matchSegments(segments: readonly Segment[], parts: readonly (readonly number[])[]): boolean {
  let t = 0;
  let p = 0;
  let starAt = -1;
  let starText = 0;
  while (t < parts.length) {
    const segment = segments[p];
    if (segment === 'globstar') {
      starAt = p++;
      starText = t;
    } else if (segment !== undefined && matchSegment(segment, parts[t]!)) {
      p++;
      t++;
    } else if (starAt >= 0) {
      p = starAt + 1;
      t = ++starText;
    } else return false;
  }
  while (segments[p] === 'globstar') p++;
  return p === segments.length;
}
