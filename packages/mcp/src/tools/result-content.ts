import type { ContentPart, ToolResult } from '@kodama/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

type Block = CallToolResult['content'][number];

function blockPart(block: Block): ContentPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', data: block.data, mediaType: block.mimeType };
    case 'audio':
      return { type: 'text', text: `[audio (${block.mimeType}) not shown]` };
    case 'resource_link':
      return { type: 'text', text: `[resource ${block.uri}${block.name ? ` (${block.name})` : ''}]` };
    case 'resource': {
      const r = block.resource;
      if ('text' in r && typeof r.text === 'string') return { type: 'text', text: r.text };
      return {
        type: 'text',
        text: `[binary resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''} not shown]`,
      };
    }
    default:
      return { type: 'text', text: `[${(block as { type: string }).type} content not shown]` };
  }
}

/**
 * An MCP tool result as the model reads it: text and images kept (audio and
 * binary resources named), structured content added as JSON when no text
 * block already carries it, and an `isError` result turned into an `Error: `
 * observation. Plain text when there are no images.
 */
export function resultContent(result: CallToolResult): ToolResult {
  const parts = (result.content ?? []).map(blockPart);
  if (result.structuredContent !== undefined) {
    const json = JSON.stringify(result.structuredContent);
    const carried = parts.some((p) => p.type === 'text' && safeParse(p.text) === json);
    if (!carried) parts.push({ type: 'text', text: json });
  }
  if (result.isError) {
    const first = parts[0];
    if (first?.type === 'text')
      parts[0] = { type: 'text', text: `Error: ${first.text.replace(/^Error:\s*/, '')}` };
    else parts.unshift({ type: 'text', text: 'Error: the tool failed' });
  }
  if (parts.every((p) => p.type === 'text')) return parts.map((p) => (p as { text: string }).text).join('\n');
  return parts;
}

function safeParse(text: string): string | undefined {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return undefined;
  }
}
