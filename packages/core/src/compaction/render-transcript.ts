import type { HistoryMessage } from '../history/history-message.ts';
import type { Content } from '../messages/content.ts';
import { clipMiddle } from './clip-middle.ts';

function contentText(content: Content): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : `[image: ${part.mediaType}]`)).join('\n');
}

const LABELS: Record<HistoryMessage['kind'], string> = {
  user: 'user',
  injected: 'user (added context)',
  assistant: 'assistant',
  tool: 'tool result',
};

/**
 * A plain-text transcript of `entries`: each message under a labelled header,
 * tool calls with their arguments, tool results with their tool's name.
 * Reasoning is left out (it is the model's scratchpad, not what happened).
 * Tool results and tool-call arguments longer than `maxResultChars` keep only
 * their start and end: a file dump or a web page is where a folded stretch
 * gets its bulk, and its gist survives in the assistant's reaction to it.
 */
export function renderTranscript(entries: readonly HistoryMessage[], maxResultChars: number): string {
  const blocks: string[] = [];
  for (const entry of entries) {
    const message = entry.message;
    if (message.role === 'assistant') {
      const lines = message.text === '' ? [] : [message.text];
      for (const call of message.toolCalls) {
        lines.push(`→ called ${call.name} ${clipMiddle(call.arguments, maxResultChars)}`);
      }
      blocks.push(`### assistant\n${lines.join('\n')}`);
    } else if (message.role === 'tool') {
      blocks.push(
        `### tool result (${message.toolName})\n${clipMiddle(contentText(message.content), maxResultChars)}`,
      );
    } else {
      blocks.push(`### ${LABELS[entry.kind]}\n${contentText(message.content)}`);
    }
  }
  return blocks.join('\n\n');
}
