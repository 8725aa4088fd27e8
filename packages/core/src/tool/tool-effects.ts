/**
 * A call writes one file. `preview` is the tool's own change, as a pure
 * function of the file's text: what a review shows is what the call writes.
 */
export interface WritesFile {
  readonly kind: 'writesFile';
  /** The file, as the model gave it (relative to the project root, or absolute). */
  readonly path: string;
  /**
   * The file's text after the call, given its text now (`undefined`: the file
   * does not exist yet); `undefined` when the call would fail (the text to
   * replace is not there). Contract: pure, and exactly what `execute` writes
   * for that text (same line-ending rule); never throws.
   */
  preview(before: string | undefined): string | undefined;
}

/** A call runs a shell command line: the permission rules read its simple commands. */
export interface RunsCommand {
  readonly kind: 'runsCommand';
  /** The command line as the model sent it. */
  readonly command: string;
}

/** A call reads a path (a file, or a folder it searches): path rules match it, it changes nothing. */
export interface ReadsPath {
  readonly kind: 'readsPath';
  /** The path as the model gave it; `.` when the call names none (the root). */
  readonly path: string;
  /**
   * True when `path` is where the call searches (grep's, glob's root), not a
   * file it reads: path rules still match it, but path-gated skills fire only
   * on what a call reads or writes, never on a repo-wide search.
   */
  readonly searches?: boolean;
}

/** A call reaches the network (a fetch, a search); `url` when the arguments name one. */
export interface ReachesNetwork {
  readonly kind: 'reachesNetwork';
  readonly url?: string;
}

/** One thing a tool call does to the world besides answering. */
export type ToolEffect = WritesFile | RunsCommand | ReadsPath | ReachesNetwork;

/** The kinds of {@link ToolEffect}. */
export type ToolEffectKind = ToolEffect['kind'];

/**
 * What a tool declares it does: the kinds any call may have, and the effects
 * of one call judged from its validated arguments (as `legsOf` judges legs).
 * Hosts decide by these, never by the tool's name: the permission gate reads
 * `runsCommand` and the paths, checkpoints and the edit review `writesFile`.
 *
 * Contract: `of` returns only effects of a kind in `kinds`; it is pure (the
 * same arguments give the same effects: a replayed call is judged again) and
 * cheap (it runs before every call). A throw fails the call (fail closed).
 */
export interface ToolEffects<Args = unknown> {
  /** Every kind a call of the tool may have; `[]` for pure computation. */
  readonly kinds: readonly ToolEffectKind[];
  /** The effects of one call, from its validated arguments. */
  of(args: Args): readonly ToolEffect[];
}
