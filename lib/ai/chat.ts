/**
 * A chat call whose answer must match a zod schema: the schema goes to the model as a strict
 * JSON-schema response format, and the answer is validated again here. A malformed answer is
 * asked for again, never stored. `signal` stops the call under way (a job past its expiry).
 */
import { zodResponseFormat } from "openai/helpers/zod";
import type { z } from "zod";
import { callSignal, getAi } from "./client";

const ATTEMPTS = 3;

export class MalformedAnswerError extends Error {
  constructor(name: string, detail: string) {
    super(`The model's ${name} answer did not match its schema: ${detail}`);
    this.name = "MalformedAnswerError";
  }
}

export async function chatJson<S extends z.ZodType>(schema: S, name: string, system: string, user: string, signal?: AbortSignal): Promise<z.infer<S>> {
  const { client, chatModel } = getAi();
  let problem = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const body = {
      model: chatModel,
      messages: [
        { role: "system" as const, content: system },
        { role: "user" as const, content: user },
      ],
      response_format: zodResponseFormat(schema, name),
      temperature: 0.2,
    };
    const call = callSignal(signal);
    const completion = await client.chat.completions.create(body, { signal: call.signal }).finally(call.done);
    const content = completion.choices[0]?.message?.content ?? "";
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch {
      problem = "not JSON";
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    problem = parsed.error.issues[0]?.message ?? "invalid";
  }
  throw new MalformedAnswerError(name, problem);
}
