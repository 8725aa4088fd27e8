// What the scripted model answers while a snippet runs, and what the snippet
// must print, for the snippets that need more than the default (every model
// call answered "ok"). Keyed by page and the block's position on the page
// (`docs/core.md#2`: the second TypeScript block of docs/core.md), which
// survives edits of the text around it.
import type { Script } from '@kodama/testkit';

/** How one snippet is run and judged. */
export interface SnippetScript {
  /** The model's replies; default: "ok" to every call. */
  readonly script?: Script;
  /** What its standard output must match. */
  readonly stdout?: RegExp;
  /** It runs durable work: it needs a Postgres database (`KODAMA_DATABASE_URL`). */
  readonly postgres?: boolean;
}

/** The default: any model call is answered "ok". */
export const DEFAULT_SCRIPT: Script = () => ({ text: 'ok' });

/** Per snippet, by `<page>#<n>`. */
export const SNIPPET_SCRIPTS: Readonly<Record<string, SnippetScript>> = {
  'README.md#1': {
    script: [{ toolCalls: [{ name: 'calculator', arguments: { expression: '17 * 23' } }] }, { text: '391' }],
    stdout: /^completed 391 \{/,
  },
  'README.md#2': { stdout: /^ok$/m },
  // The model calls the client's tool; the client's answer resumes the run.
  'docs/ag-ui.md#1': {
    script: (request) => {
      const messages = (request.body as { messages: { role: string; content?: unknown }[] }).messages;
      const tool = messages.find((m) => m.role === 'tool');
      if (tool) return { text: `The user said ${String(tool.content)}: Oslo is booked.` };
      return { toolCalls: [{ name: 'confirm_booking', arguments: { city: 'Oslo' } }] };
    },
    stdout: /^confirm_booking \{"city":"Oslo"\}\nThe user said yes: Oslo is booked\.$/m,
  },
  'docs/assemblies.md#1': { stdout: /^completed ok \d+ 3$/m },
  'docs/core.md#1': {
    script: [{ toolCalls: [{ name: 'add', arguments: { a: 17, b: 25 } }] }, { text: '17 + 25 = 42.' }],
    stdout: /17 \+ 25 = 42\./,
  },
  // Both the ask and the stream get this answer; only the stream prints, delta by delta.
  'docs/core.md#2': {
    script: () => ({ text: 'It waits for approval.' }),
    stdout: /^It waits for approval\.\ncompleted$/m,
  },
  'docs/core.md#3': { script: () => ({ text: '{"city":"Oslo","days":3,"units":"c"}' }), stdout: /^Oslo$/m },
  'docs/core.md#4': { stdout: /^HI 1$/m },
  'docs/core.md#5': { stdout: /'weather', 'calculator', 'search'/ },
  'docs/core.md#6': { stdout: /kind: 'ok', result: 'Oslo: sunny'/ },
  // The model calls logs, reads the last 40 characters of the artifact, answers.
  'docs/core.md#7': {
    script: (request) => {
      const tools = (request.body as { messages: { role: string; content?: unknown }[] }).messages.filter(
        (m) => m.role === 'tool',
      );
      if (tools.length === 0) return { toolCalls: [{ name: 'logs', arguments: {} }] };
      if (tools.length === 1) {
        const preview = String(tools[0]!.content);
        const ref = /art_[0-9a-f]{32}/.exec(preview)![0];
        const total = Number(/ of ([\d,]+) characters/.exec(preview)![1]!.replaceAll(',', ''));
        return { toolCalls: [{ name: 'artifact_read', arguments: { ref, offset: total - 40 } }] };
      }
      return String(tools[1]!.content).includes('FAILED: step 8000')
        ? { text: 'Step 8000 failed.' }
        : { text: 'I did not read the end.' };
    },
    stdout: /^logs \d+ true\nStep 8000 failed\.$/m,
  },
  'docs/core.md#8': { stdout: /researcher/ },
  'docs/durable.md#1': {
    postgres: true,
    script: (request) => {
      const messages = (request.body as { messages: { role: string }[] }).messages;
      return messages.some((m) => m.role === 'tool')
        ? { text: 'Order 1042 is refunded.' }
        : { toolCalls: [{ name: 'refund', arguments: { order: '1042' } }] };
    },
    stdout: /^completed Order 1042 is refunded\. \d+ 4$/m,
  },
  'docs/memory.md#1': { stdout: /^ok$/m },
  'docs/models.md#1': { stdout: /^ok$/m },
  'docs/otel.md#1': { stdout: /^completed ok$/m },
  'docs/sessions.md#1': { stdout: /^s1 /m },
  'docs/shell.md#1': {
    stdout:
      /^\[ \[ 'npm', 'test', '--', '--grep', 'two words' \], \[ 'tail', '-5' \] \]\n\[\]\nfalse\n\[ 'ANSI-C quoting' \]\n\[ 'echo', 'curl' \]$/m,
  },
  'docs/sqlite.md#1': { stdout: /^2 2$/m },
  'docs/testkit.md#2': { stdout: /text: 'hello'[\s\S]*^true$/m },
  'docs/tools.md#1': {
    script: [{ toolCalls: [{ name: 'calculator', arguments: { expression: '2**10' } }] }, { text: '1024' }],
    stdout: /^1024$/m,
  },
  'docs/workspace.md#2': { stdout: /^false$/m },
  'packages/assemblies/README.md#1': {
    // The reviewer approves the first draft: write, review, publish.
    script: (request) => {
      const messages = (request.body as { messages: { role: string; content: unknown }[] }).messages;
      const system = String(messages.find((m) => m.role === 'system')?.content ?? '');
      return {
        text: system.includes('APPROVE') ? 'APPROVE\nMoss, soft and green.' : 'Moss, soft and green.',
      };
    },
    stdout: /^completed Moss, soft and green\. 3$/m,
  },
  'packages/durable/README.md#1': { postgres: true, stdout: /^completed ok \{/m },
  'packages/durable/README.md#2': { postgres: true, stdout: /^completed ok$/m },
};
