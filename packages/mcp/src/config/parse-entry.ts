import type { TrifectaLegs } from '@kodama/core';
import { expandVars, varInUrlHost } from './expand-vars.ts';
import { McpConfigError } from './mcp-config-error.ts';
import type { McpServerEntry } from './server-entry.ts';

type Json = Record<string, unknown>;

/** How {@link parseEntry} treats `${VAR}` in an entry. */
export interface ParseEntryOptions {
  /**
   * False leaves every `${VAR}` as written (a project file nobody trusted yet:
   * what it would do is shown, no secret is read into it). Default true.
   */
  readonly expand?: boolean;
  /** True for a project file: a `url` whose scheme, host or port holds `${…}` is refused. Default false. */
  readonly project?: boolean;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Expand = (text: string, where: string) => string;

function stringMap(value: unknown, field: string, expand: Expand): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value)) throw new McpConfigError(`${field} must be an object of strings`);
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw new McpConfigError(`${field}.${key} must be a string`);
    out[key] = expand(v, `${field}.${key}`);
  }
  return out;
}

const UNTRUSTED = ['none', 'soft', 'hard'];
const EGRESS = ['none', 'reviewed', 'unreviewed'];

function legs(value: unknown, field: string): TrifectaLegs | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw new McpConfigError(`${field} must be an object`);
  const { privateData, untrusted, egress } = value;
  if (typeof privateData !== 'boolean')
    throw new McpConfigError(`${field}.privateData must be true or false`);
  if (typeof untrusted !== 'string' || !UNTRUSTED.includes(untrusted))
    throw new McpConfigError(`${field}.untrusted must be one of ${UNTRUSTED.join(', ')}`);
  if (typeof egress !== 'string' || !EGRESS.includes(egress))
    throw new McpConfigError(`${field}.egress must be one of ${EGRESS.join(', ')}`);
  return Object.freeze({ privateData, untrusted, egress } as TrifectaLegs);
}

/**
 * One entry of an `mcpServers` object in the shape Claude Code and Claude
 * Desktop use: `{command, args?, env?, cwd?}` (stdio, `type` absent or
 * `"stdio"`) or `{type: "http", url, headers?}`; kodama also reads
 * `description` and `trifectaLegs`. `${VAR}` is expanded in `env` and
 * `headers` (and `url`) from `env`, unless `options.expand` is false. `field`
 * prefixes every error (`<file>: mcpServers.x`); no error repeats an expanded value.
 *
 * @throws McpConfigError naming the field and the problem.
 */
export function parseEntry(
  id: string,
  raw: unknown,
  field: string,
  env: NodeJS.ProcessEnv,
  source?: string,
  options: ParseEntryOptions = {},
): McpServerEntry {
  const expanded: string[] = [];
  const expand: Expand =
    options.expand === false
      ? (text) => text
      : (text, where) => {
          const out = expandVars(text, env, where);
          for (const name of variablesIn(text)) {
            const value = env[name];
            if (value) expanded.push(value);
          }
          return out;
        };
  const withExpanded = <T extends McpServerEntry>(entry: T): T =>
    expanded.length > 0 ? { ...entry, expanded: [...new Set(expanded)] } : entry;
  if (!isObject(raw)) throw new McpConfigError(`${field} must be an object`);
  const description = raw.description;
  if (description !== undefined && typeof description !== 'string')
    throw new McpConfigError(`${field}.description must be a string`);
  const base = {
    id,
    ...(description === undefined ? {} : { description }),
    ...(raw.trifectaLegs === undefined
      ? {}
      : { trifectaLegs: legs(raw.trifectaLegs, `${field}.trifectaLegs`) }),
    ...(source === undefined ? {} : { source }),
  };
  const type = raw.type ?? (raw.url !== undefined ? 'http' : 'stdio');
  if (type === 'http' || type === 'streamable-http' || type === 'streamableHttp') {
    if (typeof raw.url !== 'string' || raw.url === '')
      throw new McpConfigError(`${field}.url must be the server's URL`);
    if (options.project && varInUrlHost(raw.url)) {
      throw new McpConfigError(
        `${field}.url takes its scheme or host from a variable (${JSON.stringify(raw.url)}); a project file must name where its server is: write the host out`,
      );
    }
    const url = expand(raw.url, `${field}.url`);
    try {
      new URL(url);
    } catch {
      // The text as written: the expanded one may hold a secret.
      throw new McpConfigError(`${field}.url is not a URL: ${JSON.stringify(raw.url)}`);
    }
    const headers = stringMap(raw.headers, `${field}.headers`, expand);
    return withExpanded({ ...base, transport: 'http', url, headers });
  }
  if (type === 'sse')
    throw new McpConfigError(`${field}: the old SSE transport is not supported; use "type": "http"`);
  if (type !== 'stdio')
    throw new McpConfigError(`${field}.type must be "stdio" or "http", got ${JSON.stringify(type)}`);
  if (typeof raw.command !== 'string' || raw.command === '')
    throw new McpConfigError(`${field}.command must be the program to run`);
  const args = raw.args ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string'))
    throw new McpConfigError(`${field}.args must be an array of strings`);
  if (raw.cwd !== undefined && typeof raw.cwd !== 'string')
    throw new McpConfigError(`${field}.cwd must be a directory path`);
  return withExpanded({
    ...base,
    transport: 'stdio',
    command: raw.command,
    args: args as string[],
    env: stringMap(raw.env, `${field}.env`, expand),
    ...(raw.cwd === undefined ? {} : { cwd: raw.cwd as string }),
  });
}

/** The variable names `${NAME}` / `${NAME:-x}` in `text`. */
function variablesIn(text: string): string[] {
  return [...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g)].map((m) => m[1] as string);
}
