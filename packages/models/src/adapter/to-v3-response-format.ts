import type { JSONSchema7, LanguageModelV3CallOptions } from '@ai-sdk/provider';
import type { ResponseFormat } from '@kodama/core/model';
import { fitsStrictMode } from '../structured/fits-strict-mode.ts';

/**
 * The AI SDK call fields for a response format: `responseFormat: { type:
 * 'json', schema, name }`, plus `strictJsonSchema` for the OpenAI and
 * OpenAI-compatible providers, which otherwise ask for strict mode always and
 * get a 400 for a schema strict mode refuses (an optional property). Other
 * providers read only their own key of `providerOptions` and ignore these.
 */
export function toV3ResponseFormat(
  format: ResponseFormat | undefined,
): Pick<LanguageModelV3CallOptions, 'responseFormat' | 'providerOptions'> {
  if (!format) return {};
  const strictJsonSchema = fitsStrictMode(format.schema);
  return {
    responseFormat: { type: 'json', schema: format.schema as JSONSchema7, name: format.name },
    providerOptions: { openai: { strictJsonSchema }, openaiCompatible: { strictJsonSchema } },
  };
}
