import { KodamaError, type Model } from '@kodama/core';
import { type JsonSchema, modelCapabilities } from '@kodama/core/model';

/** The model's answer to a capture step was not the JSON asked for; nothing was changed. */
export class MemoryCaptureError extends KodamaError {}

/**
 * One tools-free request whose answer must be a JSON object: native
 * structured output when the model supports it, the schema spelled out in
 * the prompt either way. The answer is parsed strictly (one optional
 * Markdown code fence around it is tolerated, nothing else).
 * @throws MemoryCaptureError when the answer is not a JSON object.
 */
export async function askJson(
  model: Model,
  request: { system: string; prompt: string; schema: JsonSchema; name: string },
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  let text = '';
  const stream = model.stream(
    {
      system: `${request.system}\n\nAnswer with one JSON object matching this JSON Schema, and nothing else:\n${JSON.stringify(request.schema)}`,
      messages: [{ role: 'user', content: request.prompt }],
      temperature: 0,
      ...(modelCapabilities(model).jsonSchema
        ? { responseFormat: { type: 'json', schema: request.schema, name: request.name } }
        : {}),
    },
    { signal },
  );
  for await (const part of stream) if (part.type === 'text-delta') text += part.text;
  const bare = text
    .trim()
    .replace(/^```(?:json)?\s*\n([\s\S]*?)\n?```$/, '$1')
    .trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(bare);
  } catch {
    throw new MemoryCaptureError(
      `${request.name}: the model did not answer JSON: ${JSON.stringify(text.slice(0, 200))}`,
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new MemoryCaptureError(`${request.name}: the model answered JSON that is not an object`);
  }
  return parsed as Record<string, unknown>;
}
