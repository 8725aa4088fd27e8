import type { Model } from '@kodama/core';
import { type AdapterOptions, fromAiSdk } from '../adapter/from-ai-sdk.ts';
import { inventToolCallId } from '../adapter/invented-tool-call-id.ts';
import { MissingApiKeyError } from '../errors.ts';
import type { FetchFunction } from '../http/fetch-json.ts';
import { importProvider } from './import-provider.ts';
import { envValue, type ModelEnv } from './provider-env.ts';

/** What every provider factory is given besides the model id. */
export interface ProviderContext {
  readonly env: ModelEnv;
  readonly fetch?: FetchFunction;
  readonly adapter: AdapterOptions;
}

/** The first env var of `names` that holds a key, or a {@link MissingApiKeyError} naming the first. */
export function requireKey(provider: string, env: ModelEnv, ...names: string[]): string {
  const key = envValue(env, ...names);
  if (!key) throw new MissingApiKeyError(provider, names[0]!);
  return key;
}

function authHint(envVar: string): string {
  return `check ${envVar} or pick another --model`;
}

function unreachableHint(baseUrlVar: string): string {
  return `check your network and ${baseUrlVar}, or pick another --model`;
}

// Each provider package is imported on first use, after the key check: loading
// @kodama/models (and resolving a local target) must not pay for the AI SDK.

/** OpenAI through `@ai-sdk/openai`'s chat-completions model. Base URL: OPENAI_BASE_URL (with `/v1`). */
export async function openAIModel(modelId: string, ctx: ProviderContext): Promise<Model> {
  const apiKey = requireKey('OpenAI', ctx.env, 'OPENAI_API_KEY');
  const { createOpenAI } = await importProvider(
    `openai:${modelId}`,
    '@ai-sdk/openai',
    () => import('@ai-sdk/openai'),
  );
  const provider = createOpenAI({ apiKey, baseURL: envValue(ctx.env, 'OPENAI_BASE_URL'), fetch: ctx.fetch });
  return fromAiSdk(provider.chat(modelId), {
    ...ctx.adapter,
    provider: 'openai',
    // @ai-sdk/openai sends responseFormat as `response_format: json_schema`.
    supportsJsonSchema: true,
    authHint: authHint('OPENAI_API_KEY'),
    unreachableHint: unreachableHint('OPENAI_BASE_URL'),
  });
}

/**
 * Anthropic through `@ai-sdk/anthropic`. ANTHROPIC_BASE_URL may omit `/v1`, as
 * Anthropic's own SDK writes it. It does not claim `supportsJsonSchema`: for a
 * response format the AI SDK picks by model id and schema shape between
 * Anthropic's output format and a forced `json` tool that makes every request
 * of the loop call a tool, so a Run uses kodama's final-answer tool instead.
 */
export async function anthropicModel(modelId: string, ctx: ProviderContext): Promise<Model> {
  const apiKey = requireKey('Anthropic', ctx.env, 'ANTHROPIC_API_KEY');
  const { createAnthropic } = await importProvider(
    `anthropic:${modelId}`,
    '@ai-sdk/anthropic',
    () => import('@ai-sdk/anthropic'),
  );
  const base = envValue(ctx.env, 'ANTHROPIC_BASE_URL')?.replace(/\/+$/, '');
  const baseURL = base === undefined || base.endsWith('/v1') ? base : `${base}/v1`;
  const provider = createAnthropic({ apiKey, baseURL, fetch: ctx.fetch });
  return fromAiSdk(provider(modelId), {
    ...ctx.adapter,
    provider: 'anthropic',
    authHint: authHint('ANTHROPIC_API_KEY'),
    unreachableHint: unreachableHint('ANTHROPIC_BASE_URL'),
  });
}

/**
 * Google Gemini through `@ai-sdk/google`. Key: GEMINI_API_KEY or
 * GOOGLE_GENERATIVE_AI_API_KEY. Gemini sends no tool-call ids; the ones the
 * provider invents are marked so the stream takes them from `StreamOptions.ids`.
 * No `supportsJsonSchema`: Gemini models before 3 refuse a JSON response
 * schema together with function calling, which a Run's turns combine.
 */
export async function googleModel(modelId: string, ctx: ProviderContext): Promise<Model> {
  const apiKey = requireKey('Google', ctx.env, 'GEMINI_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY');
  const { createGoogleGenerativeAI } = await importProvider(
    `google:${modelId}`,
    '@ai-sdk/google',
    () => import('@ai-sdk/google'),
  );
  const provider = createGoogleGenerativeAI({
    apiKey,
    baseURL: envValue(ctx.env, 'GOOGLE_BASE_URL'),
    fetch: ctx.fetch,
    generateId: inventToolCallId,
  });
  return fromAiSdk(provider(modelId), {
    ...ctx.adapter,
    provider: 'google',
    authHint: authHint('GEMINI_API_KEY'),
    unreachableHint: unreachableHint('GOOGLE_BASE_URL'),
  });
}
