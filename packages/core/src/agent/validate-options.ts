import { ArtifactScope } from '../artifacts/artifact-scope.ts';
import { Cancellable } from '../controls/cancellable.ts';
import { Interloper } from '../controls/interloper.ts';
import { StepLimit } from '../controls/step-limit.ts';
import { checkOptions, hasMethods } from '../options/check-options.ts';
import type { AgentOptions, TurnOptions } from './agent-options.ts';

const isFunction = (v: unknown) => typeof v === 'function';
const isString = (v: unknown) => typeof v === 'string';
const isBoolean = (v: unknown) => typeof v === 'boolean';
const MODEL = [
  hasMethods('stream'),
  'a Model (an object with a stream method, e.g. from resolveModel)',
] as const;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isCount = (v: unknown, min: number) =>
  v === undefined || (Number.isSafeInteger(v) && (v as number) >= min);
const isCompaction = (v: unknown) =>
  v === false ||
  (isObject(v) &&
    (v.threshold === undefined || (typeof v.threshold === 'number' && v.threshold > 0 && v.threshold <= 1)) &&
    isCount(v.keepLatestTurns, 1) &&
    isCount(v.keepLatestSteps, 1));
const isToolLoop = (v: unknown) => v === false || (isObject(v) && isCount(v.maxRepeats, 2));
const INTERLOPER = [(v: unknown) => v instanceof Interloper, 'an Interloper'] as const;
const isAnswerFormat = (v: unknown) =>
  isObject(v) &&
  (v.responseFormat === undefined ||
    (isObject(v.responseFormat) &&
      v.responseFormat.type === 'json' &&
      isObject(v.responseFormat.schema) &&
      isString(v.responseFormat.name))) &&
  (v.answerTool === undefined || hasMethods('execute')(v.answerTool)) &&
  (v.instructions === undefined || isString(v.instructions));

/**
 * Checks every agent option before anything is built.
 *
 * @throws InvalidOptionError naming the first bad option, what it accepts and what it got.
 */
export function validateAgentOptions(options: AgentOptions): void {
  checkOptions(
    'AgentOptions',
    options,
    {
      model: MODEL,
      systemPrompt: [isString, 'a string'],
      stepLimit: [(v) => v instanceof StepLimit, 'a StepLimit'],
      cancellable: [(v) => v instanceof Cancellable, 'a Cancellable'],
      interloper: INTERLOPER,
      id: [isString, 'a string'],
      streaming: [isBoolean, 'a boolean'],
      toolFailures: [(v) => v === 'raise' || v === 'observe', `'raise' or 'observe'`],
      maxResultTokens: [
        (v) => Number.isSafeInteger(v) && (v as number) >= 1,
        'a positive integer (1 or more)',
      ],
      maxOutputTokens: [
        (v) => Number.isSafeInteger(v) && (v as number) >= 1,
        'a positive integer (1 or more)',
      ],
      acceptTruncated: [isBoolean, 'a boolean'],
      taintGate: [isFunction, 'a function (call, signal) => boolean | Promise<boolean>'],
      stepRunner: [hasMethods('model', 'tool', 'input'), 'a StepRunner (model, tool and input methods)'],
      ids: [hasMethods('next'), 'an IdSource (an object with a next method)'],
      clock: [hasMethods('now'), 'a Clock (an object with a now method)'],
      configure: [isFunction, 'a function'],
      compaction: [
        isCompaction,
        'false, or { threshold?: a number in (0, 1], keepLatestTurns?, keepLatestSteps? }',
      ],
      toolLoop: [isToolLoop, 'false, or { maxRepeats?: an integer of 2 or more }'],
      artifacts: [
        (v) => typeof v === 'boolean' || (typeof v === 'object' && v !== null && !Array.isArray(v)),
        'a boolean, or { thresholdTokens?, previewTokens?, maxArtifactBytes?, maxRunBytes?, maxArtifacts?, maxAttachments?, maxAttachmentBytes? }',
      ],
    },
    ['model', 'systemPrompt'],
  );
}

/**
 * Checks the options of one turn before it starts.
 *
 * @throws InvalidOptionError naming the first bad option.
 */
export function validateTurnOptions(options: TurnOptions): void {
  checkOptions('TurnOptions', options, {
    model: MODEL,
    signal: [(v) => v instanceof AbortSignal, 'an AbortSignal'],
    streaming: [isBoolean, 'a boolean'],
    interloper: INTERLOPER,
    stepLimit: [(v) => v instanceof StepLimit, 'a StepLimit'],
    checkpoint: [isFunction, 'a function'],
    artifacts: [(v) => v instanceof ArtifactScope, 'an ArtifactScope'],
    maxOutputTokens: [(v) => Number.isSafeInteger(v) && (v as number) >= 1, 'a positive integer (1 or more)'],
    untrusted: [(v) => Array.isArray(v) && v.every((s) => typeof s === 'string'), 'an array of source names'],
    answerFormat: [
      isAnswerFormat,
      "{ responseFormat?: { type: 'json', schema, name }, answerTool?: a tool, instructions?: a string }",
    ],
  });
}
