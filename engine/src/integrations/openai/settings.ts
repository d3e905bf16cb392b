import { ConfigError, type Env, httpUrl, nonEmpty } from '../../platform/env.ts';

/**
 * The OpenAI-compatible model the writers ask (OpenAI, Ollama, vLLM, LM Studio): the research brief
 * writer and the Autopilot's message writer use the same one, read here once.
 */
export interface OpenAISettings {
  /** `OPENAI_API_KEY`; local servers need none. */
  apiKey: string | undefined;
  /** `OPENAI_BASE_URL` (the client's default: `https://api.openai.com/v1`). */
  baseUrl: string | undefined;
  /** `OPENAI_MODEL`, e.g. `gpt-4o-mini` or `llama3.1:8b`. */
  model: string;
}

/**
 * `OPENAI_*`: on when `OPENAI_API_KEY` or `OPENAI_BASE_URL` is set, `OPENAI_MODEL` then required;
 * undefined when off (the writers are then off). A ConfigError names the variable at fault.
 */
export function openaiSettings(env: Env): OpenAISettings | undefined {
  const apiKey = nonEmpty(env.OPENAI_API_KEY);
  const baseUrl = httpUrl(env, 'OPENAI_BASE_URL');
  const model = nonEmpty(env.OPENAI_MODEL);
  if ((apiKey || baseUrl) && !model) throw new ConfigError('OPENAI_MODEL must name the model when OPENAI_API_KEY or OPENAI_BASE_URL is set');
  return apiKey || baseUrl ? { apiKey, baseUrl, model: model! } : undefined;
}
