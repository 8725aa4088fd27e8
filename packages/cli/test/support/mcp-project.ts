// A throwaway project whose `.mcp.json` names the fixture MCP server (packages/mcp's
// test fixture) as `fx`, and the process checks the CLI's MCP tests share.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';

/** The fixture MCP server (SDK-written; `--marker <file>` logs `start <pid>`, `child <pid>`, ...). */
export const MCP_FIXTURE = fileURLToPath(new URL('../../../mcp/test/fixtures/server.mjs', import.meta.url));

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder with `project/` (holding `.mcp.json`), `home/` and an empty `marker` file; removed after the tests. */
export function mcpProject(prefix: string): { dir: string; root: string; home: string; marker: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  const root = join(dir, 'project');
  const home = join(dir, 'home');
  mkdirSync(root);
  mkdirSync(home);
  const marker = join(dir, 'marker');
  writeFileSync(marker, '');
  writeFileSync(
    join(root, '.mcp.json'),
    JSON.stringify({
      mcpServers: { fx: { command: process.execPath, args: [MCP_FIXTURE, '--marker', marker] } },
    }),
  );
  return { dir, root, home, marker };
}

/** Whether `pid` still runs (a zombie, killed but not yet reaped by whoever inherited it, does not). */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}
