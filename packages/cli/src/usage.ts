// The help texts of kodama and its commands (printed by --help and after a usage error).

import { APPROVE_USAGE } from './approve-args.ts';
import { GRAPH_USAGE } from './graph-args.ts';
import { INDEX_USAGE } from './index-args.ts';
import { MCP_USAGE } from './mcp-args.ts';
import { MEMORY_USAGE } from './memory-args.ts';
import { MODELS_USAGE } from './models-args.ts';
import { COMMANDS, type HelpArgs } from './parse-support.ts';
import { RUN_USAGE } from './run-args.ts';
import { RUNS_USAGE } from './runs-args.ts';
import { TRUST_USAGE } from './trust-args.ts';
import { WORKER_USAGE } from './worker-args.ts';

const ASK_OPTIONS = `Options of ask:
  -m, --model <target>     model to use (see "Model targets"); else $KODAMA_MODEL,
                           else the first local server found, else the first API key found
  -t, --tools <names>      comma-separated tools to offer (default: calculator);
                           also "skill", "tasks" (the four task tools) and "agent"
                           (sub-agents: researcher, file_miner, reviewer; their
                           tools need not be listed); corpus_search, corpus_read and
                           corpus_reindex search the index of --root (kodama index)
      --agents <file>      more personas for the agent tool (JSON or YAML)
      --json               print one JSON event per line instead of text
      --root <dir>         project root for file tools (default: current directory)
  -y, --yes                approve every confirmation (file overwrites, shell commands),
                           except a tool that can send data out after untrusted
                           content (a web page, a sub-agent that read one) came in
      --yes=all            approve those too
      --sandbox <kind>     run bash under "bubblewrap", or "none" (default: none)
      --max-steps <n>      tool-call budget for the turn (default: 25)
      --deadline <time>    stop after this long (30s, 2m, 1m30s) and keep the answer so far
  -s, --session <id>       continue (or start) the stored session <id>
  -c, --continue           continue the most recent stored session
      --store <kind>       where sessions live: "jsonl" (default) or "sqlite"
      --no-skills          load no skills (default: from <root> and ~, see kodama skills)
      --mcp-connect <id>   connect this MCP server at the start (repeatable; see kodama mcp);
                           the others stay available through the mcp_connect tool
      --no-mcp-screen      skip the model's injection check of MCP servers (the check
                           for hidden characters always runs)
      --trust              trust this folder's project configuration (.kodama/config.json,
                           .mcp.json, project skills) for this run only; kodama trust
                           remembers it. Untrusted, a project may only add deny and ask rules
      --memory             remember across conversations: what you say is kept as facts
                           (kodama memory shows them), matching ones come back with each
                           message; also "memory": true in the configuration
      --no-memory          no memory, whatever the configuration says
      --user <id>          whose memories (default: your login name)
      --output-schema <file.json>
                           the answer must match this JSON Schema (an object);
                           prints the validated JSON to stdout instead of the text
  -h, --help               print this help

Model targets:
  openai:<id>  anthropic:<id>  google:<id>  openrouter:<vendor/id>  ollama:<id>
  llamacpp[:<id>]  lmstudio:<id>  openai-compatible:<base url>[@<model id>]
  local[:<file.gguf> | :hf:<user>/<repo>/<file>.gguf][?ctx=<n>&threads=<n>&gpu=auto]
`;

/** The text of `kodama --help`. */
export const HELP = `kodama: a terminal agent

Usage:
  kodama ask "<prompt>" [options]     run one agent turn and print the answer
  kodama [--continue | --resume [<id>]]
                                      the assistant, on a terminal (ask's model and tool flags;
                                      default tools: files, bash, tasks, skill, agent, and
                                      corpus_* where kodama index ran; --resume alone
                                      lists the stored sessions to pick from)
  kodama -p "<prompt>" [--json]       one assistant turn, printed
  kodama sessions [list]              list stored sessions (also: show, fork, rm)
  kodama skills [list]                list the skills ask would load (also: show <name>)
  kodama models [list]                local GGUF models: list, pull [<hf uri>], rm <name>
  kodama trifecta [--tools ...]       the lethal-trifecta map of the assistant those flags build
  kodama mcp [list]                   MCP servers: list, add, rm; serve kodama's tools over MCP
  kodama serve [--port <p>] [...]     the assistant as an AG-UI endpoint on 127.0.0.1
  kodama inspect [--port <p>]         a local web page over the stored sessions and runs
  kodama worker [--concurrency <n>]   execute durable runs on PostgreSQL (--database <url>)
  kodama runs submit "<prompt>"       queue a durable run (also: list, status, result, events, cancel)
  kodama approve <run id> [--deny]    answer the confirmation a durable run waits on
  kodama index [<dir>...]             index the project's documents for corpus_search
  kodama memory [list]                what kodama remembers about you (also: search, rm, export)
  kodama run <file.ts> "<prompt>"     ask the agent, workflow, swarm or graph a module exports
  kodama graph <file.ts> --mermaid    print the diagram of the graph a module exports
  kodama trust [--revoke | --list]    show and trust this folder's .kodama/config.json and .mcp.json
  kodama help [<command>]             print this help, or the help of a command
  kodama version                      print the version (also: kodama --version, -v)

${ASK_OPTIONS}`;

const USAGE: Readonly<Record<HelpArgs['topic'], string>> = {
  kodama: HELP,
  ask: `Usage: kodama ask "<prompt>" [options]

Runs one agent turn: the answer streams to stdout; thinking, tool calls and
notices go to stderr.

${ASK_OPTIONS}`,
  sessions: `Usage: kodama sessions [list] [--store jsonl|sqlite]
       kodama sessions show <id> [--json] [--store jsonl|sqlite]
       kodama sessions fork <id> <new id> [--store jsonl|sqlite]
       kodama sessions rm <id> [--store jsonl|sqlite]

Lists the stored sessions (id, title, model, messages, last activity), shows
one as a readable transcript (--json: its raw messages), copies one under a
new id (to try another direction without losing it), or deletes one.
Sessions are kept under $XDG_DATA_HOME/kodama (else ~/.local/share/kodama).
`,
  models: MODELS_USAGE,
  skills: `Usage: kodama skills [list] [--root <dir>]
       kodama skills show <name> [--root <dir>]

Lists the skills kodama ask loads (name, source directory, the paths gate or
"always", warnings), or shows one skill with its body. Skills are folders
holding a SKILL.md, found under .kodama/skills, .claude/skills and
.agents/skills of the project root (--root, default: the current directory),
then of the home directory; the first skill of a name wins. A skill with a
paths gate is offered only once the model reads, writes or edits a file the
gate matches.
`,
  trifecta: `Usage: kodama trifecta [--tools <names>] [--agents <file>] [--root <dir>]
                       [--yes | --yes=all] [--sandbox <kind>] [--no-skills]
                       [--memory [--user <id>]] [--json]

Prints the lethal-trifecta map of the assistant that kodama ask would build
with the same flags: each agent (the main one, and each sub-agent persona the
agent tool can start) with the legs its tools hold (private data in, untrusted
content in, bytes out), its verdict (silent, soft, loud), the tree's verdict
and its worst path; when loud, which tools bring each leg in (and, with
--memory, why memory makes it so). --json prints the report as JSON. Exits 3
when the verdict is loud, so a script can refuse such a configuration.
`,
  mcp: MCP_USAGE,
  serve: `Usage: kodama serve [--port <p>] [--host <address>] [--token <t> | --no-auth] [--model <target>]
                    [--tools <names>] [--agents <file>] [--root <dir>] [--yes | --yes=all]
                    [--sandbox <kind>] [--no-skills]

Serves the assistant that kodama ask would build with the same flags as an
AG-UI endpoint (https://docs.ag-ui.com) on 127.0.0.1 (--host listens
elsewhere, still with the token): POST a RunAgentInput, read the Run as AG-UI
events over server-sent events. Every request needs "Authorization: Bearer
<token>": the token is --token, else $KODAMA_SERVE_TOKEN (16 characters or
more), else a random one printed at start; --no-auth serves without one, on
loopback only. A request whose Host or Origin is not this server gets 403. Nobody is at
the terminal to confirm commands: they are declined unless --yes. Default port
8787; --port 0 picks a free one. Ctrl+C stops it.
`,
  inspect: `Usage: kodama inspect [--port <p>] [--host <address>] [--token <t> | --no-auth]
                      [--store jsonl|sqlite] [--database <url>]
                      [--tools <names>] [--agents <file>] [--root <dir>] [--no-skills]

Serves the inspector, a local web page over the stored sessions (--store, as
for ask): the sessions with their runs (outcome, tokens, cost, duration), a
session's timeline (messages, model calls with their usage, tool calls and
results), a run's timeline from its recorded events, and the trifecta map of
the assistant the tool flags build, the worst path marked. With --database
(default $KODAMA_DATABASE_URL) the sessions come from Postgres and durable
runs' timelines from their event log (#run/<run id>). It listens on
127.0.0.1 (--host, --port, default a free one) and prints the address to open,
with the token in its #fragment (random, or --token / $KODAMA_SERVE_TOKEN),
which the browser never sends: API requests without it, or from another origin
or Host, are refused. --no-auth: loopback only.
Ctrl+C stops it.
`,
  worker: WORKER_USAGE,
  runs: RUNS_USAGE,
  approve: APPROVE_USAGE,
  index: INDEX_USAGE,
  memory: MEMORY_USAGE,
  run: RUN_USAGE,
  graph: GRAPH_USAGE,
  trust: TRUST_USAGE,
  help: `Usage: kodama help [<command>]

Prints the help of kodama, or of one command: ${COMMANDS.join(', ')}.
`,
  version: `Usage: kodama version   (also: kodama --version, kodama -v)

Prints "kodama <version>".
`,
};

/** The usage text for `topic` (kodama's own, or a command's). */
export function usage(topic: HelpArgs['topic']): string {
  return USAGE[topic];
}
