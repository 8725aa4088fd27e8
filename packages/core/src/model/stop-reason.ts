/**
 * Why a model response ended, normalized across providers.
 * - `stop`: a natural end of the answer.
 * - `tool-calls`: the model wants tools run.
 * - `length`: the output-token limit was hit.
 * - `content-filter`: the provider withheld content.
 * - `error`: the provider reported an error in the stream.
 * - `other`: anything else, or unknown.
 */
export type StopReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'error' | 'other';
