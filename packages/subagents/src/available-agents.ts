import type { Persona } from './persona.ts';

/** The system-prompt block that lists the personas the `agent` tool can start. */
export function availableAgentsBlock(personas: readonly Persona[]): string {
  const lines = personas.map((p) => `- ${p.name}: ${p.description}`);
  return [
    '<available_agents>',
    'Delegate a self-contained task with the agent tool (name, task). The sub-agent starts with a clean',
    'slate: put everything it needs into the task. Start several at once when the tasks are independent.',
    ...lines,
    '</available_agents>',
  ].join('\n');
}
