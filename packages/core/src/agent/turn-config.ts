import { randomUUID } from 'node:crypto';
import type { Extension, ExtensionContext } from '../extensions/extension.ts';
import { userMessageHook } from '../extensions/hooks.ts';
import type { ListenerList } from '../listeners/listener-list.ts';
import type { TurnConfig } from '../loop/run-turn.ts';
import type { StepRunner } from '../loop/step-runner.ts';
import type { Content } from '../messages/content.ts';
import type { Model } from '../model/model.ts';
import type { ToolSpec } from '../model/tool-spec.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import { toolSpec } from '../tool/tool-spec.ts';
import type { ToolFailurePolicy } from './agent-options.ts';

/** An agent's tools by name plus their specs, built on the first turn (construction stays cheap). */
export class ToolTable {
  readonly byName: ReadonlyMap<string, AnyTool>;
  readonly specs: readonly ToolSpec[];

  constructor(tools: readonly AnyTool[]) {
    this.byName = new Map(tools.map((t) => [t.name, t]));
    this.specs = tools.map(toolSpec);
  }
}

/** What the agent hands over to configure one turn. */
export interface TurnConfigSource {
  readonly agentId: string;
  readonly model: Model;
  readonly system: string;
  readonly tools: ToolTable;
  readonly streaming: boolean;
  readonly toolFailures: ToolFailurePolicy;
  readonly maxResultTokens: number | undefined;
  readonly stepRunner: StepRunner;
  readonly extensions: readonly Extension[];
  readonly extensionContext: () => ExtensionContext;
  readonly listeners: ListenerList;
}

/** The fixed configuration of one turn, with a fresh turn id. */
export function turnConfig(source: TurnConfigSource, userMessage: Content | undefined): TurnConfig {
  const { agentId, listeners } = source;
  return {
    agentId,
    turnId: randomUUID(),
    model: source.model,
    system: source.system,
    tools: source.tools.byName,
    toolSpecs: source.tools.specs,
    streaming: source.streaming,
    toolFailures: source.toolFailures,
    maxResultTokens: source.maxResultTokens,
    stepRunner: source.stepRunner,
    userMessage,
    onUserMessage: userMessageHook(source.extensions, source.extensionContext),
    synthesizer: () => {
      const id = agentId ? `${agentId}_synthesizer` : 'synthesizer';
      const view = listeners.forSubAgent({ id, maxSteps: 1 });
      return { agentId: id, emit: (e) => view.emit(e) };
    },
  };
}
