import type { Model } from '@kodama/core';
import { modelText } from './model-text.ts';
import type { ServerSurface } from './surface.ts';

const PROMPT = `You write the one-line description of an MCP server for a list an AI agent
reads to decide whether to connect to it. You get the server's tools as JSON.
Answer with one plain sentence of at most 20 words saying what the server lets
the agent do. No preamble, no quotes, no markdown.`;

/** A description is useful when it is a sentence-length line, not a name or a version. */
export function isUsefulDescription(text: string | undefined): text is string {
  return typeof text === 'string' && text.trim().split(/\s+/).length >= 4;
}

/** The first line (at most 200 characters) of `text`. */
export function oneLine(text: string): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/**
 * A one-line description written by `model` from the server's tool list, for
 * a server whose handshake gives none worth showing. Only call it on a
 * surface that passed screening. An empty answer falls back to the tool names.
 */
export async function describeServer(
  surface: ServerSurface,
  model: Model,
  signal?: AbortSignal,
): Promise<string> {
  const tools = surface.tools.map((t) => ({ name: t.name, description: t.description ?? '' }));
  const answer = await modelText(
    model,
    { system: PROMPT, messages: [{ role: 'user', content: JSON.stringify(tools) }], temperature: 0 },
    signal,
  );
  return oneLine(answer) || toolListDescription(surface);
}

/** The fallback description: `tools: a, b, c`. */
export function toolListDescription(surface: ServerSurface): string {
  return oneLine(`tools: ${surface.tools.map((t) => t.name).join(', ') || 'none'}`);
}
