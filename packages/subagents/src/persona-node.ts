import type { AnyTool } from '@kodama/core';
import { type ChannelEgress, type TrifectaNode, trifectaNode } from '@kodama/core/trifecta';
import type { Persona } from './persona.ts';

/**
 * A persona's node in the trifecta tree: its tools' legs, the persona nodes
 * it can start in turn, and the channel its answers travel through to the parent.
 */
export function personaNode(
  persona: Persona,
  tools: readonly AnyTool[],
  channelEgress: ChannelEgress,
  children: readonly TrifectaNode[],
): TrifectaNode {
  return trifectaNode(persona.name, { tools, children, channelEgress });
}
