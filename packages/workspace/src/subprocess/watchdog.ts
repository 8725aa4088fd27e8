// Nothing kodama starts may outlive it, even when it dies uncleanly (SIGKILL,
// a crash, the OOM killer). Every command runs in its own process group (so a
// kill ends all of it), which also means nothing kills those groups when
// kodama itself is gone: they are re-parented and keep running.
//
// The options weighed:
// - `bwrap --die-with-parent` (PR_SET_PDEATHSIG on the sandbox's pid 1, whose
//   death ends its whole pid namespace): complete, but only for sandboxed
//   commands. The sandbox keeps it (see bubblewrap.ts).
// - `setpriv --pdeathsig KILL`: reaches only the direct child; the shell's own
//   children (`sleep 1000 &`, a dev server) are re-parented and live on.
// - A watchdog holding a pipe from kodama (chosen): the kernel closes every
//   descriptor of a dead process, so the watchdog reads EOF however kodama
//   ended, with no signal that could be missed and no polling. It knows the
//   live groups (kodama writes `+<pgid>` and `-<pgid>` lines) and on EOF
//   freezes them, finds their members (group or session) and every descendant
//   by parent pid in /proc (also those that called setsid), and SIGKILLs all:
//   what bwrap does for a sandboxed command, for unsandboxed ones too.
// One watchdog per registry (a `sh`: ~2 MB, no node start), in a session of
// its own so no terminal signal reaches it; it never keeps kodama's event
// loop alive, and after a normal close its list is empty, so its EOF ends it
// quietly. Without /proc (not Linux) it still kills the groups.
import { type ServerProcess, startServerProcess } from './run-process.ts';

/**
 * The watchdog's script (POSIX sh, no external commands): `+N` adds group N,
 * `-N` removes it; at EOF the groups, their sessions and all descendants are
 * SIGKILLed (SIGSTOP first, so none forks away during the /proc walk).
 */
export const WATCHDOG_SCRIPT = `groups=' '
while IFS= read -r line; do
  g=\${line#?}
  case $line in
    +*) groups="$groups$g " ;;
    -*) case $groups in *" $g "*) groups="\${groups%% "$g" *} \${groups#* "$g" }" ;; esac ;;
  esac
done
[ "$groups" = ' ' ] && exit 0
for g in $groups; do kill -STOP -- "-$g" 2>/dev/null; done
pids=' '
grew=1
while [ $grew = 1 ]; do
  grew=0
  for f in /proc/[0-9]*/stat; do
    IFS= read -r line 2>/dev/null <"$f" || continue
    pid=\${f#/proc/}
    pid=\${pid%/stat}
    case $pids in *" $pid "*) continue ;; esac
    set -- \${line##*) }
    case $groups in
      *" $3 "* | *" $4 "*) ;;
      *) case $pids in *" $2 "*) ;; *) continue ;; esac ;;
    esac
    pids="$pids$pid "
    grew=1
  done
done
for g in $groups; do kill -KILL -- "-$g" 2>/dev/null; done
kill -KILL $pids 2>/dev/null
exit 0
`;

/** Kills the groups it watches when this process dies, however it dies. */
export interface Watchdog {
  /** From now on `pgid` dies with this process. */
  watch(pgid: number): void;
  /** `pgid` is gone (or was killed): forget it, so a reused id is never hit. */
  unwatch(pgid: number): void;
  /** The pid of the watchdog process, while one runs (tests look at it). */
  readonly pid: number | undefined;
  /** Ends the watchdog once nothing is watched (it starts again on the next watch). */
  idle(): void;
}

/**
 * A watchdog over a `sh` process, started on the first {@link Watchdog.watch}.
 * If the process dies (someone killed it), the next watch starts a new one and
 * hands it every group still watched.
 */
export function startWatchdog(shell = '/bin/sh'): Watchdog {
  const groups = new Set<number>();
  let child: ServerProcess | undefined;
  const send = (line: string) => {
    try {
      child?.stdin.write(`${line}\n`);
    } catch {
      // It died meanwhile: the next watch starts another.
    }
  };
  const spawn = () => {
    const current = startServerProcess([shell, '-c', WATCHDOG_SCRIPT], { keepAlive: false });
    child = current;
    current.stdin.on('error', () => {}); // EPIPE once it died
    current.started.catch(() => undefined);
    current.onExit(() => {
      if (child === current) child = undefined;
    });
    for (const pgid of groups) send(`+${pgid}`);
  };
  return {
    watch(pgid) {
      groups.add(pgid);
      if (child === undefined || child.exited) spawn();
      else send(`+${pgid}`);
    },
    unwatch(pgid) {
      if (groups.delete(pgid)) send(`-${pgid}`);
    },
    get pid() {
      return child?.pid;
    },
    idle() {
      if (groups.size > 0 || child === undefined) return;
      child.stdin.end();
      child = undefined;
    },
  };
}
