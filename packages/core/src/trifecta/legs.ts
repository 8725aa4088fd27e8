/**
 * How much attacker-influenceable content a tool brings in.
 * `none` < `soft` (content from sources the user chose and mostly trusts) < `hard` (anyone can author it).
 */
export type UntrustedLevel = 'none' | 'soft' | 'hard';

/**
 * How bytes can leave through a tool.
 * `none` < `reviewed` (a human approves each payload) < `unreviewed`.
 */
export type EgressLevel = 'none' | 'reviewed' | 'unreviewed';

/**
 * The lethal-trifecta legs one tool contributes: private data in, untrusted
 * content in, bytes out. Declared where the tool is built, because that is
 * where the collaborators that decide them (workspace, sandbox, confirmer) are known.
 */
export interface TrifectaLegs {
  /** The tool can read data the user would not want published. */
  readonly privateData: boolean;
  /** Attacker-influenceable content the tool brings into the context. */
  readonly untrusted: UntrustedLevel;
  /** Whether the tool can send bytes out, and who reviews them. */
  readonly egress: EgressLevel;
}

/** Hostile on every axis: the default for a tool that declares nothing. */
export const ASSUMED: TrifectaLegs = Object.freeze({
  privateData: true,
  untrusted: 'hard',
  egress: 'unreviewed',
});

/** No leg at all: pure computation over the arguments, no I/O. */
export const NONE: TrifectaLegs = Object.freeze({ privateData: false, untrusted: 'none', egress: 'none' });
