import { McpConfigError } from './mcp-config-error.ts';

const VAR = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * Replaces `${NAME}` (and `${NAME:-default}`) in `text` with values from `env`,
 * as Claude Code does in `.mcp.json`. `where` names the field for the error.
 * The error names the variable, never a value.
 *
 * @throws McpConfigError for a variable that is not set and has no default.
 */
export function expandVars(text: string, env: NodeJS.ProcessEnv, where: string): string {
  return text.replace(VAR, (_match, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    throw new McpConfigError(`${where} uses \${${name}}, which is not set`);
  });
}

/**
 * True when `url` (as written, before expansion) has `${…}` in its scheme,
 * host or port: the part that decides where requests go. A project file may
 * not choose the destination from the environment (`https://${HOST}/mcp`
 * would send its headers, and the secrets expanded into them, wherever the
 * variable points).
 */
export function varInUrlHost(url: string): boolean {
  const scheme = url.indexOf('://');
  const start = scheme < 0 ? 0 : scheme + 3;
  const rest = url.slice(start).search(/[/?#]/);
  const end = rest < 0 ? url.length : start + rest;
  return url.slice(0, end).includes('${');
}
