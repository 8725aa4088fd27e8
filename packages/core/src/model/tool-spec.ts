/** A JSON Schema object, as served to models (draft 2020-12 subset). */
export type JsonSchema = { readonly [key: string]: unknown };

/** What a model is told about one tool: name, description, and parameters as JSON Schema. */
export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments object (`type: 'object'`). */
  readonly parameters: JsonSchema;
}
