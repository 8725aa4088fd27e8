import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AGUIEvent, RunAgentInput } from '@ag-ui/core';
import type { AnyTool, History, RunStream } from '@kodama/core';
import { refusalOf } from '@kodama/core/local-door';
import { AgUiMapper } from './ag-ui-mapper.ts';
import { clientTools, contextSection } from './client-tools.ts';
import { historyFromAgUi } from './messages.ts';

/**
 * What the handler runs: anything that streams a Run (an `Agent`, built fresh
 * per request). `input` is absent when the client resumes with tool results.
 * With `addTool` (an `Agent` has it), the client's front-end tools are offered
 * to the model; `tools` are the server's, whose names a client tool may not take.
 */
export interface AgUiRunnable {
  stream(
    input: string | undefined,
    options: { history: History; runId: string; signal: AbortSignal },
  ): RunStream;
  readonly tools?: readonly AnyTool[];
  addTool?(tool: AnyTool): void;
}

/** Options of {@link agUiHandler}. */
export interface AgUiHandlerOptions {
  /** Builds the agent for one request (a fresh one: requests may run at once). */
  readonly agent: () => AgUiRunnable | Promise<AgUiRunnable>;
  /**
   * The bearer token every request must carry (`Authorization: Bearer <token>`);
   * a request without it is refused with 401 and nothing runs. `undefined`
   * serves without authentication, which only an explicit choice should do.
   */
  readonly token: string | undefined;
  /**
   * `Host` values (`name:port`) accepted beside the address a request arrived
   * at, e.g. the public name of a reverse proxy in front; default none.
   */
  readonly allowedHosts?: readonly string[];
  /** Largest request body accepted, in bytes; default 10 MiB. */
  readonly maxBodyBytes?: number;
}

/**
 * An AG-UI endpoint for `node:http`: POST a `RunAgentInput` (the AG-UI
 * protocol's request: thread, run id, messages, tools, context, state) and the
 * response streams the Run as AG-UI events over server-sent events. The last
 * message must be the user's (the ones before it become the conversation) or
 * a tool result (all of it is the conversation, the model continues). The
 * client's tools are offered to the model and never run here: a call of one
 * ends the Run with the call streamed, for the client to execute and resume
 * with its result; a client tool named like a server tool is a 400. The
 * client's `context` goes into the new user message as a delimited section
 * (its words, not the system prompt's); its `state` is echoed as
 * `STATE_SNAPSHOT` and task list changes are `STATE_DELTA`s of it. A client that goes away
 * cancels the Run. Before the body is read, a request whose `Host` is not the
 * address it arrived at (DNS rebinding) or whose `Origin` is another site gets
 * 403, and one without the token 401: nothing runs. A body that is not JSON
 * gets 400, one over `maxBodyBytes` 413.
 */
export function agUiHandler(
  options: AgUiHandlerOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  // The protocol's zod schemas are large: loaded with the first handler, not the package.
  const inputSchema = import('@ag-ui/core/schemas').then((m) => m.RunAgentInputSchema);
  return (req, res) => {
    void (async () => {
      const refused = refusalOf(req, {
        token: options.token,
        ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
      });
      if (refused) return fail(res, refused.status, refused.message);
      if (req.method !== 'POST') return fail(res, 405, 'POST a RunAgentInput');
      const max = options.maxBodyBytes ?? 10 * 1024 * 1024;
      let body: string;
      try {
        body = await readBody(req, max);
      } catch (error) {
        return fail(res, 413, `unreadable request: ${(error as Error).message}`);
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch (error) {
        return fail(res, 400, `the body is not JSON: ${(error as Error).message}`);
      }
      const parsed = (await inputSchema).safeParse(json);
      if (!parsed.success)
        return fail(res, 400, `not a RunAgentInput: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      const input = parsed.data as RunAgentInput;
      const split = historyFromAgUi(input.messages);
      if (!split.ok) return fail(res, 400, split.problem);
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      const agent = await options.agent();
      const offered = agent.addTool
        ? clientTools(
            input.tools,
            new Set((agent.tools ?? []).map((t) => t.name)),
            () => abort.abort(new Error('a client tool was called: the client executes it')),
            abort.signal,
          )
        : { ok: true as const, tools: [], names: new Set<string>() };
      if (!offered.ok) return fail(res, 400, offered.problem);
      for (const tool of offered.tools) agent.addTool?.(tool);
      const section = contextSection(input.context);
      const message =
        section === undefined
          ? split.input
          : split.input === undefined
            ? section
            : `${section}\n\n${split.input}`;
      const stream = agent.stream(message, {
        history: split.history,
        runId: input.runId,
        signal: abort.signal,
      });
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const mapper = new AgUiMapper(input.threadId, {
        ...(input.state === undefined ? {} : { state: input.state }),
        clientTools: offered.names,
      });
      for await (const event of stream) for (const out of mapper.map(event)) send(res, out);
      await stream.run;
      res.end();
    })().catch((error: unknown) => {
      if (!res.headersSent) fail(res, 500, String(error));
      else res.end();
    });
  };
}

function send(res: ServerResponse, event: AGUIEvent): void {
  if (!res.destroyed) res.write(`data: ${JSON.stringify(event)}\n\n`);
}

function fail(res: ServerResponse, status: number, message: string): void {
  res
    .writeHead(status, {
      'content-type': 'application/json',
      ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
    })
    .end(JSON.stringify({ error: message }));
}

function readBody(req: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        reject(new Error(`the body is over ${max} bytes`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
