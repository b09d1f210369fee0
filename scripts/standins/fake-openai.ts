/**
 * A local server that speaks the OpenAI API the worker calls: multipart
 * `POST /v1/audio/transcriptions` answering verbose_json, and `POST /v1/chat/completions`
 * answering with JSON that a test-supplied function builds for the named response schema.
 * Failures can be queued (a status for the next calls) to test retries; a failure, queued or a
 * handler's throw, asks the client to try again at once (below). Handlers may be async
 * (to answer slowly); `GET /health` answers 200. Each answered call is also timed (the bench's
 * pipeline scenario reads the times to split a run into its stages).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";

export type ChatRequest = { schemaName: string; schema: unknown; messages: { role: string; content: string }[]; model: string };
export type TranscriptionRequest = { model: string; responseFormat: string | null; granularities: string[]; file: { name: string; size: number; bytes: Buffer } };

/** performance.now() when the request arrived, when its body had been read, and when it was answered. */
export type FakeCall = { kind: "transcription" | "chat"; schemaName: string; receivedMs: number; bodyMs: number; answeredMs: number };

export type FakeOpenAi = {
  url: string;
  chats: ChatRequest[];
  transcriptions: TranscriptionRequest[];
  /** Every answered call, in order. */
  timeline: FakeCall[];
  /** Statuses to answer the next requests with, before answering normally again. */
  failNext: (...statuses: number[]) => void;
  close: () => Promise<void>;
};

export type FakeHandlers = {
  /** May answer later (a promise), to hold a request open. */
  transcribe: (request: TranscriptionRequest) => unknown;
  chat: (request: ChatRequest) => unknown;
};

/** `routes`: extra POST paths the test drives the stand-in by (answered with the function's result). */
export type FakeOptions = { port?: number; routes?: Record<string, () => unknown> };

async function toWebRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request(`http://localhost${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
}

/**
 * Sent with every failure: the OpenAI SDK waits what `retry-after-ms` says before its next try
 * instead of its own backoff (0.5 s, 1 s, 2 s), so a test of retries does not sit out seconds.
 */
const RETRY_AT_ONCE = { "retry-after-ms": "10" };

export async function startFakeOpenAi(handlers: FakeHandlers, options: FakeOptions = {}): Promise<FakeOpenAi> {
  const chats: ChatRequest[] = [];
  const transcriptions: TranscriptionRequest[] = [];
  const timeline: FakeCall[] = [];
  const failures: number[] = [];
  const server: Server = createServer(async (req, res) => {
    const receivedMs = performance.now();
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json", ...(status >= 400 ? RETRY_AT_ONCE : {}) }).end(JSON.stringify(body));
    try {
      if (req.url === "/health") return send(200, { ok: true });
      const route = req.method === "POST" && req.url ? options.routes?.[req.url] : undefined;
      if (route) return send(200, route() ?? {});
      const request = await toWebRequest(req);
      const bodyMs = performance.now();
      const answered = (kind: FakeCall["kind"], schemaName: string) => void timeline.push({ kind, schemaName, receivedMs, bodyMs, answeredMs: performance.now() });
      const failure = failures.shift();
      if (failure) return send(failure, { error: { message: `fake failure ${failure}`, type: "server_error" } });
      if (req.url?.startsWith("/v1/audio/transcriptions")) {
        const form = await request.formData();
        const file = form.get("file") as File;
        const entry: TranscriptionRequest = {
          model: String(form.get("model")),
          responseFormat: form.get("response_format") as string | null,
          granularities: form.getAll("timestamp_granularities[]").map(String),
          file: { name: file.name, size: file.size, bytes: Buffer.from(await file.arrayBuffer()) },
        };
        transcriptions.push(entry);
        send(200, await handlers.transcribe(entry));
        return answered("transcription", "");
      }
      if (req.url?.startsWith("/v1/chat/completions")) {
        const body = (await request.json()) as { model: string; messages: ChatRequest["messages"]; response_format?: { json_schema?: { name: string; schema: unknown } } };
        const entry: ChatRequest = {
          model: body.model,
          messages: body.messages,
          schemaName: body.response_format?.json_schema?.name ?? "",
          schema: body.response_format?.json_schema?.schema,
        };
        chats.push(entry);
        const answer = await handlers.chat(entry);
        send(200, {
          id: `chatcmpl-${chats.length}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: typeof answer === "string" ? answer : JSON.stringify(answer), refusal: null } }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
        return answered("chat", entry.schemaName);
      }
      send(404, { error: { message: "not found" } });
    } catch (error) {
      send(500, { error: { message: String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    chats,
    transcriptions,
    timeline,
    failNext: (...statuses) => failures.push(...statuses),
    // A request a handler still holds would keep close() waiting: its connection is cut.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
