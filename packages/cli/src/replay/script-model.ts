import type { Model, Usage } from '@kodama/core';
import type { ModelCapabilities, ModelRequest, ModelStreamPart } from '@kodama/core/model';
import type { ScriptAnswer } from './script-answer.ts';

/** Who a {@link ScriptModel} says it is: the recorded model, so its cost is the recording's. */
export interface ScriptModelIdentity {
  readonly provider: string;
  readonly modelId: string;
  readonly capabilities?: ModelCapabilities;
}

/**
 * An in-process model that plays a script's answers, one per call, in order:
 * what `kodama replay` answers with when no `--model` is given (the recorded
 * answers, or a `--script` file). Strict: a call past the end fails, naming
 * how many answers there were, which a replay reports as the model's failure.
 */
export class ScriptModel implements Model {
  readonly specificationVersion = 'kodama.model.v1' as const;
  readonly provider: string;
  readonly modelId: string;
  readonly capabilities?: ModelCapabilities;
  readonly #answers: readonly ScriptAnswer[];
  #calls = 0;

  constructor(answers: readonly ScriptAnswer[], identity: ScriptModelIdentity) {
    this.#answers = answers;
    this.provider = identity.provider;
    this.modelId = identity.modelId;
    if (identity.capabilities) this.capabilities = identity.capabilities;
  }

  /** Plays the next answer; the request is not read (the replay compares what comes back). */
  stream(_request: ModelRequest): AsyncIterable<ModelStreamPart> {
    const index = this.#calls++;
    const answer = this.#answers[index];
    const count = this.#answers.length;
    return (async function* () {
      if (answer === undefined)
        throw new Error(
          `the script has ${count} answer${count === 1 ? '' : 's'}; step ${index + 1} has none`,
        );
      yield* partsOf(answer, index);
    })();
  }
}

function* partsOf(answer: ScriptAnswer, index: number): Generator<ModelStreamPart> {
  if (answer.reasoning) yield { type: 'reasoning-delta', text: answer.reasoning };
  if (answer.text) yield { type: 'text-delta', text: answer.text };
  const calls = answer.toolCalls ?? [];
  for (const [i, call] of calls.entries()) {
    const id = call.id ?? `call_${index + 1}_${i + 1}`;
    const raw = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    yield { type: 'tool-call-start', id, name: call.name };
    if (raw !== '') yield { type: 'tool-call-delta', id, argumentsDelta: raw };
    let input: unknown;
    let parseError: string | undefined;
    try {
      input = JSON.parse(raw);
    } catch (error) {
      parseError = error instanceof Error ? error.message : String(error);
    }
    yield {
      type: 'tool-call-end',
      call: { id, name: call.name, arguments: raw },
      input,
      ...(parseError === undefined ? {} : { parseError }),
    };
  }
  const u = answer.usage ?? {};
  const usage: Usage = {
    inputTokens: u.inputTokens,
    outputTokens: u.outputTokens,
    cacheReadTokens: u.cacheReadTokens,
    cacheWriteTokens: u.cacheWriteTokens,
    reasoningTokens: u.reasoningTokens,
  };
  yield { type: 'usage', usage };
  yield { type: 'finish', reason: calls.length > 0 ? 'tool-calls' : 'stop' };
}
