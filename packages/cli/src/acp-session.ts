// One ACP session: the assistant `kodama -p` builds, rooted at the folder the
// editor names, with its questions asked through the client and its turns
// streamed to it, saved in kodama's session store as they go.
import { isAbsolute } from 'node:path';
import { Readable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import type { Agent, ContentPart, Model } from '@kodama/core';
import type { SessionStore } from '@kodama/core/session';
import type { AcpArgs } from './acp-args.ts';
import { clientFsReviewer, clientReadText } from './acp-client-fs.ts';
import { acpAsker } from './acp-permission.ts';
import { acpPlanTool } from './acp-plan.ts';
import { ToolCallBook } from './acp-tool-calls.ts';
import { AcpUpdates, type SendUpdate } from './acp-updates.ts';
import { buildAssistant } from './assistant-setup.ts';
import { type AssistantSpec, resolveAssistantSpec } from './assistant-spec.ts';
import type { CliIO } from './cli-io.ts';
import type { EditReviewer } from './interactive-edit-review.ts';
import { assistantSystemPrompt, loadInstructions } from './interactive-prompt.ts';
import { approvalInbox, permissionRules } from './interactive-setup.ts';
import { pickModel } from './pick-model.ts';
import { ProjectTrustError } from './project-trust.ts';

type Rules = ReturnType<typeof permissionRules>;
type Mode = Rules['mode'];

/** No terminal to ask on: stdin carries the protocol. */
const NO_INPUT = Readable.from([]) as NodeJS.ReadableStream & { isTTY?: boolean };

const MODE_NAMES: Record<Mode, { name: string; description: string }> = {
  default: { name: 'Default', description: 'asks as your permission rules say' },
  'accept-edits': {
    name: 'Accept edits',
    description: 'writes files in the project without asking; commands still ask',
  },
  plan: { name: 'Plan', description: 'read-only: no writes, no command that is not read-only' },
  bypass: {
    name: 'Bypass',
    description: 'allows everything but control files and writes outside the project',
  },
};

/** What every session of one connection shares. */
export interface AcpShared {
  readonly args: AcpArgs;
  /** The process's streams, with stdout kept for the protocol (nothing else writes to it). */
  readonly io: CliIO;
  readonly store: SessionStore;
  /** What the client said it offers at `initialize`. */
  readonly capabilities: acp.ClientCapabilities | undefined;
  readonly client: acp.AgentContext;
}

/** A session of the connection: its agent, rules and the turn under way. */
export class AcpSession {
  readonly id: string;
  readonly #agent: Agent;
  readonly #rules: Rules;
  readonly #send: SendUpdate;
  /** Resolves once every update sent so far reached the client (a response must not overtake them). */
  readonly #flushed: () => Promise<void>;
  readonly #withBypass: boolean;
  /** The mode the model was last told of (a turn in another one starts with a note saying so). */
  readonly #told: { mode: Mode };
  readonly #assistant: typeof import('@kodama/assistant');
  readonly #book: ToolCallBook;
  #turn: AbortController | undefined;

  private constructor(
    id: string,
    agent: Agent,
    rules: Rules,
    updates: { send: SendUpdate; flushed: () => Promise<void> },
    modes: { withBypass: boolean; told: { mode: Mode }; assistant: typeof import('@kodama/assistant') },
    book: ToolCallBook,
  ) {
    this.#book = book;
    this.id = id;
    this.#agent = agent;
    this.#rules = rules;
    this.#send = updates.send;
    this.#flushed = updates.flushed;
    this.#withBypass = modes.withBypass;
    this.#told = modes.told;
    this.#assistant = modes.assistant;
  }

  /**
   * Builds the session's assistant in `cwd` (absolute, as ACP paths are):
   * the folder's configuration read and its trust decided as `kodama -p`
   * does, except that a folder nobody decided on is used untrusted (only its
   * deny and ask rules), since no terminal can ask.
   *
   * @throws RequestError for a relative cwd, no model, a bad configuration.
   */
  static async open(shared: AcpShared, id: string, cwd: string): Promise<AcpSession> {
    if (!isAbsolute(cwd)) throw acp.RequestError.invalidParams({ cwd }, 'cwd must be an absolute path');
    const { args, client } = shared;
    const io: CliIO = { ...shared.io, stdin: NO_INPUT, stdout: shared.io.stderr };
    const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
    const spec = await specIn(args, io, cwd, say);
    const assistant = await import('@kodama/assistant');
    const mode = args.permissionMode ?? spec.configuredMode ?? 'default';
    const rules = permissionRules(assistant, spec.configFiles, spec.root, {
      person: true,
      env: io.env,
      mode,
    });
    const model: Model | undefined = await pickModel(spec.model, io, { maxOutputTokens: spec.maxTokens });
    if (!model)
      throw acp.RequestError.internalError(undefined, 'kodama has no model: start kodama acp with --model');
    const systemPrompt = assistantSystemPrompt(spec.root, await loadInstructions(spec.root, spec.root));
    let chain = Promise.resolve();
    const send: SendUpdate = (update) => {
      chain = chain
        .then(() => client.notify(acp.methods.client.session.update, { sessionId: id, update }))
        .catch(() => {});
    };
    const fs = {
      client,
      sessionId: id,
      read: shared.capabilities?.fs?.readTextFile === true,
      write: shared.capabilities?.fs?.writeTextFile === true,
    };
    const book = new ToolCallBook(spec.root, async (path) => {
      if (fs.read) return clientReadText(fs, path);
      const { readFile } = await import('node:fs/promises');
      return readFile(path, 'utf8');
    });
    const updates = new AcpUpdates(send, book);
    // The editor's question also waits in the user's inbox: `kodama approve <id>` answers it too, once.
    const asker = assistant.throughInbox(
      acpAsker({ client, sessionId: id, book }),
      approvalInbox(assistant, io.env),
      {
        surface: 'acp',
        root: spec.root,
        sessionId: () => id,
      },
    );
    const wiring = assistant.printWiring(asker, rules, {
      approveAll: spec.yes,
      approveTaint: spec.yesAll,
      person: true,
    });
    // Under --yes nothing reviews the edits, but they still go through the editor's files when it offers them.
    const reviewEdits: EditReviewer | undefined =
      wiring.reviewEdits ?? (fs.read || fs.write ? (tool) => tool : undefined);
    const told: { mode: Mode } = { mode: 'default' };
    const plan = acpPlanTool(assistant, {
      client,
      sessionId: id,
      book,
      rules,
      send,
      switched: (mode) => {
        told.mode = mode;
      },
    });
    book.markKind(plan.name, 'switch_mode');
    // The hooks of the files in effect, as in the assistant (hooks/hooks-setup.ts); a hook that
    // failed open is said on stderr, which the editor keeps as kodama's log.
    const { withHooks } = await import('./hooks/hooks-setup.ts');
    const hookRun = { ...spec, env: io.env, sessionId: () => id, store: shared.store, notice: say };
    const options = await withHooks(
      {
        model,
        listener: updates,
        maxSteps: spec.maxSteps,
        systemPrompt,
        ...wiring,
        extraTools: [plan],
        // bash's output reaches the editor as it comes (tool-output events).
        streamOutput: true,
        ...(fs.read ? { readText: (real: string) => clientReadText(fs, real) } : {}),
        ...(reviewEdits ? { reviewEdits: clientFsReviewer(fs, reviewEdits) } : {}),
        // Outermost: the call's id is in scope for every question asked on its way through the gate.
        wrapTool: (tool) =>
          book.wrap(wiring.wrapTool(tool), async (callId, diff) => updates.diff(callId, diff)),
      },
      hookRun,
    );
    const agent = await buildAssistant(spec, io, options);
    return new AcpSession(
      id,
      agent,
      rules,
      { send, flushed: () => chain },
      { withBypass: mode === 'bypass', told, assistant },
      book,
    );
  }

  /** The permission modes the editor may switch between; bypass only when the session started in it. */
  get modes(): acp.SessionModeState {
    const ids = (['default', 'accept-edits', 'plan', 'bypass'] as const).filter(
      (m) => m !== 'bypass' || this.#withBypass,
    );
    return {
      currentModeId: this.#rules.mode,
      availableModes: ids.map((id) => ({ id, ...MODE_NAMES[id] })),
    };
  }

  /** Switches the permission mode. @throws RequestError for a mode not offered. */
  setMode(modeId: string): void {
    const offered = this.modes.availableModes.some((m) => m.id === modeId);
    if (!offered) throw acp.RequestError.invalidParams({ modeId }, `no permission mode "${modeId}" here`);
    this.#rules.mode = modeId as Mode;
  }

  /** Sends the stored conversation as updates (session/load): the editor shows it as it was. */
  async replay(store: SessionStore): Promise<void> {
    const stored = await store.load(this.id);
    for (const { kind, message } of stored?.messages ?? []) {
      if (kind === 'injected') continue;
      if (message.role === 'user') this.#text('user_message_chunk', this.#withoutModeNote(message.content));
      else if (message.role === 'assistant') {
        if (message.reasoning) this.#text('agent_thought_chunk', message.reasoning);
        this.#text('agent_message_chunk', message.text);
        for (const call of message.toolCalls) {
          const view = this.#book.view(call.name, call.arguments);
          this.#send({ sessionUpdate: 'tool_call', toolCallId: call.id, status: 'pending', ...view });
        }
      } else
        this.#send({
          sessionUpdate: 'tool_call_update',
          toolCallId: message.toolCallId,
          status: 'completed',
          content: [{ type: 'content', content: { type: 'text', text: textOf(message.content) } }],
        });
    }
    await this.#flushed();
  }

  /** Runs one turn on the prompt; resolves with why it stopped. */
  async prompt(store: SessionStore, blocks: readonly acp.ContentBlock[]): Promise<acp.StopReason> {
    if (this.#turn)
      throw acp.RequestError.invalidRequest(undefined, 'a turn is already running in this session');
    const turn = new AbortController();
    this.#turn = turn;
    try {
      const mode = this.#rules.mode;
      const text = promptText(blocks);
      // The editor may have switched the mode since the last turn: the model is told first.
      const input =
        mode === this.#told.mode ? text : this.#assistant.withNotes([this.#assistant.modeNote(mode)], text);
      this.#told.mode = mode;
      const run = await this.#agent.ask(input, {
        signal: turn.signal,
        session: { id: this.id, store },
      });
      if (run.outcome === 'cancelled' || turn.signal.aborted) return 'cancelled';
      if (run.outcome === 'partial') return 'max_turn_requests';
      if (run.outcome === 'failed')
        throw acp.RequestError.internalError(
          undefined,
          run.error instanceof Error ? run.error.message : String(run.error),
        );
      return 'end_turn';
    } finally {
      this.#turn = undefined;
      await this.#flushed();
    }
  }

  /** Cancels the turn under way (session/cancel): its open questions are answered no. */
  cancel(): void {
    this.#turn?.abort();
  }

  /** Cancels any turn and closes what the agent owns. */
  async close(): Promise<void> {
    this.cancel();
    await this.#agent.close();
  }

  /** A prompt as the person typed it: without the mode note kodama put before it (see `prompt`). */
  #withoutModeNote(content: string | readonly ContentPart[]): string {
    const text = textOf(content);
    const modes = ['default', 'accept-edits', 'plan', 'bypass'] as const;
    const note = modes.map((m) => `${this.#assistant.modeNote(m)}\n\n`).find((n) => text.startsWith(n));
    return note ? text.slice(note.length) : text;
  }

  #text(
    kind: 'user_message_chunk' | 'agent_message_chunk' | 'agent_thought_chunk',
    content: string | readonly ContentPart[],
  ): void {
    const text = textOf(content);
    if (text !== '') this.#send({ sessionUpdate: kind, content: { type: 'text', text } });
  }
}

/** The spec `kodama -p` would resolve in `root`; a folder nobody decided on is used untrusted. */
async function specIn(
  args: AcpArgs,
  io: CliIO,
  root: string,
  say: (m: string) => void,
): Promise<AssistantSpec> {
  const line = { ...args, command: 'interactive' as const, root };
  try {
    return await resolveAssistantSpec(line, io, { say });
  } catch (error) {
    if (!(error instanceof ProjectTrustError))
      throw acp.RequestError.internalError(undefined, String((error as Error).message ?? error));
    say(`${error.message}\nkodama acp goes on with only its deny and ask rules.`);
    return resolveAssistantSpec({ ...line, trust: false }, io, { say });
  }
}

function textOf(content: string | readonly ContentPart[]): string {
  if (typeof content === 'string') return content;
  return content.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

/** The prompt's blocks as the text the model reads: an embedded file with its path, a link as its URI. */
export function promptText(blocks: readonly acp.ContentBlock[]): string {
  return blocks
    .map((block) => {
      if (block.type === 'text') return block.text;
      if (block.type === 'resource_link') return `@${block.uri}`;
      if (block.type === 'resource' && 'text' in block.resource)
        return `<file uri="${block.resource.uri}">\n${block.resource.text}\n</file>`;
      return '';
    })
    .filter((t) => t !== '')
    .join('\n');
}
