/**
 * The OpenAI-compatible API the worker uses for transcription and chat (OpenAI itself, or a
 * local server such as speaches or whisper.cpp behind OPENAI_BASE_URL).
 */
import OpenAI, { APIConnectionTimeoutError } from "openai";
import { env } from "@/lib/env";

export class NoAiProviderError extends Error {
  constructor() {
    super("No AI provider configured: set OPENAI_API_KEY");
    this.name = "NoAiProviderError";
  }
}

export type AiConfig = { client: OpenAI; transcribeModel: string; chatModel: string };

let cached: { key: string; config: AiConfig } | undefined;

export function getAi(): AiConfig {
  const openai = env().openai;
  if (!openai) throw new NoAiProviderError();
  const key = `${openai.baseUrl ?? ""}|${openai.apiKey}|${openai.timeoutSeconds}|${openai.maxRetries}`;
  if (cached?.key !== key) {
    const client = new OpenAI({
      apiKey: openai.apiKey,
      baseURL: openai.baseUrl,
      // Transient failures (429, 5xx, timeouts) are retried with backoff by the client (OPENAI_MAX_RETRIES).
      maxRetries: openai.maxRetries,
      // Each try of each call, transcription and chat alike.
      timeout: openai.timeoutSeconds * 1000,
    });
    cached = { key, config: { client, transcribeModel: openai.transcribeModel, chatModel: openai.chatModel } };
  }
  return cached.config;
}

/**
 * Request options for one API call under a job's stop signal: a signal of the call's own that
 * follows the job's, and a `done` to call when the call ends. The SDK adds an abort listener to
 * the signal it is given and never removes it, so a job's signal handed to each of its tens of
 * calls would keep them all (and Node warns past ten).
 */
export function callSignal(jobSignal: AbortSignal | undefined): { signal: AbortSignal | undefined; done: () => void } {
  if (!jobSignal) return { signal: undefined, done: () => {} };
  const controller = new AbortController();
  const stop = () => controller.abort(jobSignal.reason);
  if (jobSignal.aborted) stop();
  else jobSignal.addEventListener("abort", stop, { once: true });
  return { signal: controller.signal, done: () => jobSignal.removeEventListener("abort", stop) };
}

/**
 * What an admin reads for an AI call that failed in a way the SDK words for programmers ("Request
 * timed out."), or undefined to keep the error's own message.
 */
export function aiFailureReason(error: unknown): string | undefined {
  if (error instanceof APIConnectionTimeoutError) {
    const openai = env().openai;
    const tries = openai ? String(openai.maxRetries + 1) : "?";
    return `The AI service did not answer in time: each of ${tries} tries waited ${openai?.timeoutSeconds ?? "?"} s (OPENAI_TIMEOUT_SECONDS) in vain`;
  }
  return undefined;
}
