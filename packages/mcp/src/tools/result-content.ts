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
 * An MCP tool result as the model reads it, each thing once: the content
 * blocks when the server sent any (text and images kept, audio and binary
 * resources named), else the structured content as JSON. The protocol asks a
 * server that returns structured content to put it in a text block too (and
 * server-filesystem puts the same file text in both), so adding the
 * structured value beside the blocks sent the model everything twice; an
 * image's base64 came back as text as well. An `isError` result becomes an
 * `Error: ` observation. Plain text when there are no images.
 */
export function resultContent(result: CallToolResult): ToolResult {
  const parts = (result.content ?? []).map(blockPart);
  if (parts.length === 0 && result.structuredContent !== undefined) {
    parts.push({ type: 'text', text: JSON.stringify(result.structuredContent) });
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
