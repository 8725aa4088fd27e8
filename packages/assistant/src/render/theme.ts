/**
 * How the assistant styles text. Every renderer takes a Theme, so the same
 * code draws coloured lines on a terminal and plain lines everywhere else.
 */
export interface Theme {
  /** False for the plain theme: renderers may then skip work that only adds colour. */
  readonly colour: boolean;
  readonly bold: (s: string) => string;
  readonly dim: (s: string) => string;
  readonly italic: (s: string) => string;
  readonly underline: (s: string) => string;
  readonly strike: (s: string) => string;
  /** Headings, the tool bullet, the prompt marker. */
  readonly accent: (s: string) => string;
  readonly code: (s: string) => string;
  readonly keyword: (s: string) => string;
  readonly string: (s: string) => string;
  readonly number: (s: string) => string;
  readonly comment: (s: string) => string;
  readonly added: (s: string) => string;
  readonly removed: (s: string) => string;
  readonly error: (s: string) => string;
  readonly warning: (s: string) => string;
  readonly success: (s: string) => string;
}

const same = (s: string) => s;

/** No escape codes at all: for output that is not a terminal, `NO_COLOR`, and tests. */
export const plainTheme: Theme = Object.freeze({
  colour: false,
  bold: same,
  dim: same,
  italic: same,
  underline: same,
  strike: same,
  accent: same,
  code: same,
  keyword: same,
  string: same,
  number: same,
  comment: same,
  added: same,
  removed: same,
  error: same,
  warning: same,
  success: same,
});

/** One SGR style with its own reset (never a full reset, so styles nest). */
const sgr = (on: number, off: number) => (s: string) => (s === '' ? s : `\x1b[${on}m${s}\x1b[${off}m`);
const fg = (n: number) => sgr(n, 39);

/** Sixteen-colour styles: they follow the user's terminal palette. */
export const colourTheme: Theme = Object.freeze({
  colour: true,
  bold: sgr(1, 22),
  dim: sgr(2, 22),
  italic: sgr(3, 23),
  underline: sgr(4, 24),
  strike: sgr(9, 29),
  accent: fg(36),
  code: fg(33),
  keyword: fg(35),
  string: fg(32),
  number: fg(33),
  comment: sgr(2, 22),
  added: fg(32),
  removed: fg(31),
  error: fg(31),
  warning: fg(33),
  success: fg(32),
});

/** A configuration's theme setting: `auto` follows the terminal, `colour` and `plain` choose. */
export type ThemeSetting = 'auto' | 'colour' | 'plain';

/**
 * The theme for an output: colours only on a terminal and only when
 * `NO_COLOR` is unset or empty (no-color.org); `FORCE_COLOR` set to a non-zero
 * value turns them on for a pipe. A `setting` of `plain` is always plain;
 * `colour` colours also off a terminal, still never under `NO_COLOR`.
 */
export function themeFor(
  output: { readonly isTTY?: boolean },
  env: NodeJS.ProcessEnv,
  setting: ThemeSetting = 'auto',
): Theme {
  if (setting === 'plain' || (env.NO_COLOR !== undefined && env.NO_COLOR !== '')) return plainTheme;
  if (setting === 'colour') return colourTheme;
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0';
  return output.isTTY === true || forced ? colourTheme : plainTheme;
}
