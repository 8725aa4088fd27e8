// Finds the processes a command started, also those that left its process
// group (`setsid`, `setpgid`) while their parent is still alive: they are
// descendants by parent pid. Read from /proc (Linux); elsewhere only the
// group itself is known.
import { readdirSync, readFileSync } from 'node:fs';

interface ProcInfo {
  readonly pid: number;
  readonly ppid: number;
  readonly pgrp: number;
  readonly session: number;
}

function readProc(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain anything.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]), session: Number(fields[3]) };
  } catch {
    return undefined; // exited meanwhile
  }
}

function allProcesses(): ProcInfo[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const out: ProcInfo[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProc(Number(name));
    if (info) out.push(info);
  }
  return out;
}

/**
 * Pids of every live process in the group or session `pgid` and of all their
 * descendants (by parent pid). A process whose parent already exited has been
 * re-parented and cannot be traced: that is the documented `setsid` limit.
 */
export function processTree(pgid: number): number[] {
  const processes = allProcesses();
  const found = new Set<number>();
  for (const p of processes) if (p.pgrp === pgid || p.session === pgid || p.pid === pgid) found.add(p.pid);
  const children = new Map<number, number[]>();
  for (const p of processes) {
    const list = children.get(p.ppid);
    if (list) list.push(p.pid);
    else children.set(p.ppid, [p.pid]);
  }
  const queue = [...found];
  for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
    for (const child of children.get(pid) ?? []) {
      if (!found.has(child)) {
        found.add(child);
        queue.push(child);
      }
    }
  }
  found.delete(process.pid); // never ourselves, whatever /proc says
  return [...found];
}
