// The assistant's view of the background work: the workspace's commands and
// the sub-agents extension's background sub-agents, joined into the one table
// `/tasks` lists and the status line counts.
import type { BackgroundControl, BackgroundTaskView } from '@kodama/assistant';
import type { BackgroundAgentInfo, BackgroundAgents } from '@kodama/subagents';
import { type BackgroundTasks, runtimeText, statusText } from '@kodama/workspace';

/** The workspace's background commands in the words `/tasks` shows. */
export function commandsControl(tasks: BackgroundTasks): BackgroundControl {
  return {
    list: () =>
      tasks.list().map((task) => ({
        id: task.id,
        kind: 'command',
        label: task.command,
        status: statusText(task.status),
        runtime: runtimeText(task),
        newLines: task.unreadLines,
        running: task.status.state === 'running',
      })),
    moveToBackground: () => tasks.moveToBackground(),
    get running() {
      return tasks.running;
    },
    onChange: (listener) => tasks.onChange(listener),
    kill: async (id) => {
      const after = await tasks.kill(id);
      return after && `${statusText(after.status)} after ${runtimeText(after)}`;
    },
  };
}

function agentStatus(info: BackgroundAgentInfo): string {
  const { status } = info;
  if (status.state === 'killed') return status.reason === 'closed' ? 'killed (the session ended)' : 'killed';
  return status.state === 'failed' ? `failed: ${status.message}` : status.state;
}

/** The background sub-agents in the same words: `agent-1  running · 12s  sub-agent researcher: <task>`. */
export function agentsControl(agents: BackgroundAgents): BackgroundControl {
  return {
    list: () =>
      agents.list().map(
        (info): BackgroundTaskView => ({
          id: info.id,
          kind: 'agent',
          label: `${info.persona}: ${info.task}`,
          status: agentStatus(info),
          runtime: runtimeText(info),
          newLines: 0,
          running: info.status.state === 'running',
        }),
      ),
    // Ctrl+B moves commands; a sub-agent is started in the background or not at all.
    moveToBackground: () => [],
    get running() {
      return agents.running;
    },
    onChange: (listener) => agents.onChange(listener),
    kill: async (id) => {
      const after = await agents.kill(id);
      return after && `${agentStatus(after)} after ${runtimeText(after)}`;
    },
  };
}

/** One control over several (commands first); undefined when there is none. */
export function joinedControl(
  parts: readonly (BackgroundControl | undefined)[],
): BackgroundControl | undefined {
  const all = parts.filter((p): p is BackgroundControl => p !== undefined);
  if (all.length <= 1) return all[0];
  return {
    list: () => all.flatMap((p) => p.list()),
    moveToBackground: () => all.flatMap((p) => p.moveToBackground()),
    get running() {
      return all.reduce((sum, p) => sum + p.running, 0);
    },
    onChange: (listener) => {
      const offs = all.map((p) => p.onChange(listener));
      return () => {
        for (const off of offs) off();
      };
    },
    // Ids are unique across the parts (`bash-N`, `agent-N`): the first that knows it ends it.
    kill: async (id) => {
      for (const p of all) {
        if (!p.list().some((task) => task.id === id)) continue;
        return p.kill(id);
      }
      return undefined;
    },
  };
}
