import type { JsonSchema } from './tool-spec.ts';

/**
 * Asks the model to answer in JSON that matches a schema, with the
 * provider's own structured-output mode (OpenAI `response_format:
 * json_schema`, llama.cpp's grammar from a schema, ...). Only sent to models
 * that say they honour it ({@link Model.supportsJsonSchema}); the answer is
 * still validated by the caller, since not every server enforces the schema.
 */
export interface ResponseFormat {
  /** The only kind there is: a JSON answer. */
  readonly type: 'json';
  /** JSON Schema of the answer (an object schema). */
  readonly schema: JsonSchema;
  /** A name for the schema (`^[a-zA-Z0-9_-]{1,64}$`), which some providers require. */
  readonly name: string;
}
