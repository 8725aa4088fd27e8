import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { LanguageServerOptions } from './language-server.ts';

/** Where `name`'s package folder is, from the project first, else from kodama's own install; undefined when neither has it. */
function packageDir(root: string, name: string): string | undefined {
  const own = join(root, 'node_modules', name);
  if (existsSync(join(own, 'package.json'))) return own;
  try {
    return dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

/**
 * typescript-language-server for a TypeScript project (a `tsconfig.json` or
 * `jsconfig.json` at `root`): the project's own copy and TypeScript, else
 * the ones installed with kodama; undefined when the project is not one or
 * no server is installed. It runs the project's TypeScript (and the plugins
 * its tsconfig names), so only a trusted project may start it.
 */
export function typescriptLanguageServer(root: string): LanguageServerOptions | undefined {
  if (!existsSync(join(root, 'tsconfig.json')) && !existsSync(join(root, 'jsconfig.json'))) return undefined;
  const server = packageDir(root, 'typescript-language-server');
  const cli = server && join(server, 'lib', 'cli.mjs');
  if (!cli || !existsSync(cli)) return undefined;
  const typescript = packageDir(root, 'typescript');
  const tsserver = typescript && join(typescript, 'lib', 'tsserver.js');
  return {
    name: 'typescript-language-server',
    command: [process.execPath, cli, '--stdio'],
    root,
    ...(tsserver && existsSync(tsserver) ? { initializationOptions: { tsserver: { path: tsserver } } } : {}),
  };
}
