import { getMaxListeners, setMaxListeners } from 'node:events';
import {
  Agent,
  type AgentView,
  type AnyTool,
  CancelledError,
  type Extension,
  type ListenerList,
  StepLimit,
} from '@kodama/core';
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
 * Runs one task on a fresh sub-agent and returns its final answer. The child
 * has a clean history, the persona's system prompt and a fresh step budget
 * (the parent's policy, else `synthesize`), the persona's model or the
 * parent's, the parent's streaming setting and taint gate, and the parent's
 * cancellation through `signal`. A failure becomes `Error: <persona> failed:
 * <reason>` for the parent's model; a cancel propagates. Its conversation is
 * dropped: only the answer reaches the parent.
 */
export async function runSubAgent(spec: SubAgentSpec, task: string, signal: AbortSignal): Promise<string> {
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
      for (const listener of spec.listeners?.listeners ?? []) c.addListener(listener);
      for (const tool of spec.tools) c.addTool(tool);
      if (spec.nested) c.addExtension(spec.nested);
    },
  });
  const link = linkedSignal(signal);
  try {
    return await child.turn(task, { signal: link.signal });
  } catch (error) {
    if (signal.aborted || CancelledError.isInstance(error)) throw error;
    return `Error: ${persona.name} failed: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    link.dispose();
    await child.close();
  }
}

/**
 * A signal that follows `parent` through one listener, which is counted in
 * the parent's listener limit: fifty children of one batch are fifty
 * legitimate listeners, not the leak Node's warning at eleven suspects.
 */
function linkedSignal(parent: AbortSignal): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else {
    setMaxListeners(getMaxListeners(parent) + 1, parent);
    parent.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    dispose: () => {
      if (parent.aborted) return;
      parent.removeEventListener('abort', onAbort);
      setMaxListeners(Math.max(getMaxListeners(parent) - 1, 10), parent);
    },
  };
}
