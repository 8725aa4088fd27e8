import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startAnthropicServer } from './anthropic/server.ts';
import { startOpenAICompatibleServer } from './openai/server.ts';
import type { RecordedRequest, ScriptedReply } from './script.ts';
import type { ScriptedServer } from './shared/server-types.ts';

const USAGE = `usage: kodama-testkit serve --script <file.json> [--port 8080] [--host 127.0.0.1]
                             [--anthropic] [--context-window N] [--models a,b] [--router] [--loop]

Serves a scripted model over HTTP until Ctrl+C. The script file is a JSON array
of replies (see docs/testkit.md), played one per model call. With --loop the
script starts over when it runs out, so a demo can be asked again and again.`;

/** Where the CLI writes; injectable so it can be driven in-process. */
export interface CliOutput {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

const consoleOutput: CliOutput = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** Reads and checks a script file: a JSON array of reply objects. */
export async function readScriptFile(path: string): Promise<ScriptedReply[]> {
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${path}: a script file must hold a JSON array of replies`);
  parsed.forEach((reply, i) => {
    if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) {
      throw new Error(`${path}: reply #${i + 1} is not an object`);
    }
  });
  return parsed as ScriptedReply[];
}

/**
 * Runs `kodama-testkit <args>`. For `serve`, resolves with the running server
 * (it keeps serving; SIGINT/SIGTERM close it). Returns undefined after
 * printing help or an error (setting `process.exitCode` on error).
 */
export async function main(
  argv: readonly string[],
  io: CliOutput = consoleOutput,
): Promise<ScriptedServer | undefined> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`kodama-testkit: ${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return undefined;
  }
  const { positionals, values } = parsed;
  if (values.help || positionals[0] !== 'serve' || values.script === undefined) {
    (values.help ? io.out : io.err)(USAGE);
    if (!values.help) process.exitCode = 2;
    return undefined;
  }
  let server: ScriptedServer;
  let replies: number;
  try {
    const list = await readScriptFile(values.script);
    replies = list.length;
    if (values.loop && replies === 0) throw new Error('--loop needs at least one reply in the script');
    const script = values.loop ? (request: RecordedRequest) => list[request.callIndex % replies]! : list;
    const contextWindow =
      values['context-window'] === undefined ? undefined : Number(values['context-window']);
    if (contextWindow !== undefined && !Number.isInteger(contextWindow))
      throw new Error('--context-window must be an integer');
    const port = Number(values.port ?? 8080);
    if (!Number.isInteger(port)) throw new Error('--port must be an integer');
    const start = values.anthropic ? startAnthropicServer : startOpenAICompatibleServer;
    server = await start({
      script,
      port,
      host: values.host ?? '127.0.0.1',
      contextWindow,
      router: values.router ?? false,
      ...(values.models === undefined ? {} : { models: values.models.split(',').map((m) => m.trim()) }),
    });
  } catch (error) {
    io.err(`kodama-testkit: ${(error as Error).message}`);
    process.exitCode = 1;
    return undefined;
  }

  const flavour = values.anthropic ? 'Anthropic Messages' : 'OpenAI-compatible';
  io.out(`kodama-testkit: ${flavour} scripted server (${replies} replies) listening on ${server.url}`);
  if (values.anthropic) {
    io.out(
      `Point an Anthropic client at base URL ${server.url}/v1 (e.g. ANTHROPIC_BASE_URL=${server.url}/v1).`,
    );
  } else {
    io.out(`Try: kodama ask --model openai-compatible:${server.url}/v1 "What is 17 * 23?"`);
  }
  io.out('Press Ctrl+C to stop.');

  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      script: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      anthropic: { type: 'boolean' },
      'context-window': { type: 'string' },
      models: { type: 'string' },
      router: { type: 'boolean' },
      loop: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
