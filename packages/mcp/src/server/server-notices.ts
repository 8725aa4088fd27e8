import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  EmptyResultSchema,
  type LoggingLevel,
  type ServerNotification,
  type ServerRequest,
  SetLevelRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

const LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/**
 * The log level one server session sends at: `logging/setLevel` sets it;
 * until a client asks, only warnings and worse are sent (a client that never
 * asked gets no chatter). One SDK server serves one session, so one level.
 */
export class SessionLog {
  #level: LoggingLevel = 'warning';

  constructor(server: Server) {
    // Replaces the SDK's own handler, which keys levels by transport session
    // but leaves the notifications unrelated to any request (over HTTP they
    // would go to a GET stream the client may not have opened).
    server.setRequestHandler(SetLevelRequestSchema, (request) => {
      this.#level = request.params.level;
      return EmptyResultSchema.parse({});
    });
  }

  /** True when a message at `level` is to be sent. */
  wants(level: LoggingLevel): boolean {
    return LEVELS.indexOf(level) >= LEVELS.indexOf(this.#level);
  }
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * The notifications of one `tools/call`, sent on that request's stream:
 * progress (only when the client gave a `progressToken`, counting up from 1)
 * and log messages at or above the session's level. A notification that
 * cannot be sent (the client went away) is dropped: the call goes on.
 */
export class CallNotices {
  #count = 0;

  constructor(
    private readonly tool: string,
    private readonly extra: Extra,
    private readonly session: SessionLog,
  ) {}

  /** A progress step: `data` when it is text, else the event's name. */
  progress(name: string, data: unknown): void {
    const token = this.extra._meta?.progressToken;
    if (token === undefined) return;
    this.#count += 1;
    const message = typeof data === 'string' ? data : name;
    this.extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress: this.#count, message },
      })
      .catch(() => {});
  }

  /** A log message from logger `kodama`, when the session's level lets it through. */
  async log(level: LoggingLevel, data: string): Promise<void> {
    if (!this.session.wants(level)) return;
    await this.extra
      .sendNotification({
        method: 'notifications/message',
        params: { level, logger: 'kodama', data: { tool: this.tool, message: data } },
      })
      .catch(() => {});
  }
}
