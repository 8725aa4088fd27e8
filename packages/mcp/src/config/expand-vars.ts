import { McpConfigError } from './mcp-config-error.ts';

const VAR = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * Replaces `${NAME}` (and `${NAME:-default}`) in `text` with values from `env`,
 * as Claude Code does in `.mcp.json`. `where` names the field for the error.
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
