import { Agent, type AnyTool, type Extension, runChild, StepLimit, type ToolFailure } from '@kodama/core';
import type { ListenerList } from '@kodama/core/events';
import type { AgentView } from '@kodama/core/extensions';
import type { ChildRunContext } from '@kodama/core/run';
import type { Persona } from './persona.ts';

/** Everything one sub-agent is made of. */
export interface SubAgentSpec {
  readonly id: string;
  readonly persona: Persona;
  /** The agent whose `agent` tool starts it. */
  readonly parent: AgentView;
  /** The persona's tools: the parent's own instances. */
  readonly tools: readonly AnyTool[];
  /** The next level's sub-agent extension, when the persona lists `agent` and the depth allows. */
  readonly nested: Extension | undefined;
  /** The parent's listeners' sub-agent views. */
  readonly listeners: ListenerList | undefined;
}

/**
 * Runs one task on a fresh sub-agent and returns its final answer. The
 * sub-agent's execution is a child Run (`runChild`, the one nesting path):
 * it has a run id, its `run-start` / `run-end` and every event reach the
 * parent's listener views under the sub-agent's path, its tokens are counted
 * once in the parent's Run, and it follows the parent's signal (cancel and
 * deadline). The child has a clean history, the persona's system prompt and
 * a fresh step budget (the parent's policy, else `synthesize`), the
 * persona's model or the parent's, the parent's streaming setting and taint
 * gate, and the tool call's application context. A failure becomes
 * `Error: <persona> failed: <reason>` for the parent's model (a typed tool
 * failure); a cancel propagates. Its conversation is dropped: only the
 * answer reaches the parent.
 */
export async function runSubAgent(
  spec: SubAgentSpec,
  task: string,
  context: Pick<ChildRunContext, 'signal' | 'appContext'>,
): Promise<string | ToolFailure> {
  const { persona, parent } = spec;
  const child = new Agent({
    id: spec.id,
    model: persona.model ?? parent.model,
    systemPrompt: persona.systemPrompt,
    streaming: parent.streaming,
    stepLimit:
      parent.stepLimit?.forSubAgent(persona.maxSteps) ?? new StepLimit(persona.maxSteps, 'synthesize'),
    ...(parent.taintGate ? { taintGate: parent.taintGate } : {}),
    configure: (c) => {
      for (const tool of spec.tools) c.addTool(tool);
      if (spec.nested) c.addExtension(spec.nested);
    },
  });
  try {
    const { signal, appContext } = context;
    const options = { id: spec.id, name: persona.name, maxSteps: persona.maxSteps };
    // The views were made by the caller (from the tool call, else the agent): no second set.
    return await runChild({ signal, appContext }, child, task, {
      ...options,
      ...(spec.listeners ? { listeners: spec.listeners } : {}),
    });
  } finally {
    await child.close();
  }
}
