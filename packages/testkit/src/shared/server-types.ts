import type { EmbeddingsRouteOptions } from '../embed/embeddings-route.ts';
import type { RecordedRequest, Script } from '../script.ts';

/** Options of {@link startOpenAICompatibleServer} and {@link startAnthropicServer}. */
export interface ScriptedServerOptions {
  /** The replies to play, one per model call (or a function choosing per request). */
  readonly script: Script;
  /** Model ids listed by `GET /v1/models`; default `['scripted-model']`. */
  readonly models?: readonly string[];
  /** n_ctx for `/props` and context_length for `/api/show`; when absent both answer 404. */
  readonly contextWindow?: number;
  /** llama.cpp router mode for `/props` (bare `/props` answers `role: 'router'`, n_ctx 0). */
  readonly router?: boolean;
  /** Interface to listen on; default `127.0.0.1`. */
  readonly host?: string;
  /** Port to listen on; default 0 (any free port). */
  readonly port?: number;
  /** `POST /v1/embeddings` (OpenAI-compatible server only): vector length, scripted failures. */
  readonly embeddings?: EmbeddingsRouteOptions;
}

/** A running scripted server. */
export interface ScriptedServer {
  /** Base URL, e.g. `http://127.0.0.1:43123` (no `/v1`, no trailing slash). */
  readonly url: string;
  /** Every request, any path, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** Only the model calls (chat completions / messages), in arrival order. */
  readonly modelCalls: readonly RecordedRequest[];
  /** Model-call responses the client closed before the server finished them. */
  readonly disconnects: number;
  /** Resolves at the next early client close, or at once if one happened and was not awaited yet. */
  waitForDisconnect(): Promise<void>;
  /** Stops listening and destroys open sockets (hanging responses included). */
  close(): Promise<void>;
}
