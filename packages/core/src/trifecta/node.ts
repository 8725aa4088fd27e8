import type { AnyTool } from '../tool/define-tool.ts';
import type { ChannelEgress } from './lattice.ts';
import type { TrifectaLegs } from './legs.ts';

/**
 * One agent in the trifecta tree: the legs of each of its tools (and of each
 * extension contribution, keyed by a readable name), and its sub-agents.
 * `channelEgress` says how the delegation channel from the parent carries the
 * node's egress; it is absent at the root.
 */
export interface TrifectaNode {
  /** Shown in the map and in the worst path, e.g. `main` or `researcher`. */
  readonly label: string;
  /** Legs per tool name (and per extension contribution). */
  readonly toolLegs: Readonly<Record<string, TrifectaLegs>>;
  /** Sub-agents reachable from this node. */
  readonly children: readonly TrifectaNode[];
  /** How the channel from the parent carries egress; absent at the root. */
  readonly channelEgress?: ChannelEgress;
}

/** What {@link trifectaNode} takes besides the label. */
export interface TrifectaNodeOptions {
  /** The agent's tools; each contributes its declared `trifectaLegs`. */
  readonly tools?: readonly AnyTool[];
  /** Extra legs, e.g. from extensions, keyed by a readable name (`extension:memory`). */
  readonly contributions?: Readonly<Record<string, TrifectaLegs>>;
  /** Sub-agent nodes. */
  readonly children?: readonly TrifectaNode[];
  /** How the channel from the parent carries egress; omit at the root. */
  readonly channelEgress?: ChannelEgress;
}

/**
 * Builds a {@link TrifectaNode} from an agent's tools and contributions.
 *
 * @throws TypeError when two tools or contributions share a name.
 */
export function trifectaNode(label: string, options: TrifectaNodeOptions = {}): TrifectaNode {
  const toolLegs: Record<string, TrifectaLegs> = {};
  const add = (name: string, legs: TrifectaLegs): void => {
    if (Object.hasOwn(toolLegs, name))
      throw new TypeError(`trifecta: ${label} has two entries named ${name}`);
    toolLegs[name] = legs;
  };
  for (const tool of options.tools ?? []) add(tool.name, tool.trifectaLegs);
  for (const [name, legs] of Object.entries(options.contributions ?? {})) add(name, legs);
  return Object.freeze({
    label,
    toolLegs: Object.freeze(toolLegs),
    children: Object.freeze([...(options.children ?? [])]),
    ...(options.channelEgress === undefined ? {} : { channelEgress: options.channelEgress }),
  });
}
