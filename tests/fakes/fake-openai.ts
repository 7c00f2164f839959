import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A small OpenAI-compatible server on 127.0.0.1 implementing only what the
// academy calls (app/models/companion/companion-provider.server.ts): Chat Completions,
// streamed (SSE) or not, with response_format, GET /v1/models, and speech to
// text (POST /v1/audio/transcriptions, multipart, response_format "vtt"). The
// "auto" behaviour answers from the sources, drafts a lesson in JSON mode, and
// rewrites a follow-up into a standalone question. POST /v1/embeddings answers
// with fakeEmbedding(text) (words hashed into a small vector, so texts sharing
// words are near), or a vector given by setEmbedding, or an error. Tests drive
// our real code through the real `openai` SDK (OPENAI_BASE_URL = url + "/v1")
// and script each answer with setBehaviour().
//
// Test controls over HTTP, for Playwright and the CLI:
//   POST /__fake/behaviour  {"behaviours":[...]}   same as setBehaviour(...)
//   POST /__fake/json-schema {"supported":false}   same as setJsonSchemaSupport
//   GET  /__fake/requests                           the captured requests
//   POST /__fake/reset                              forget requests, back to "auto"
//
// Run on its own: `node --import tsx tests/fakes/fake-openai.ts --port 4175`.

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export type FakeBehaviour =
  /** Answers from the request: quotes the first source's first sentence with [1]; valid lesson JSON in JSON mode. */
  | { type: "auto" }
  /** Replies with this text, streamed in `chunks` when given (else word by word). */
  | { type: "text"; text: string; chunks?: string[]; usage?: FakeUsage; delayMs?: number }
  /** Replies with JSON content (an object is serialised; a string is sent as it is). */
  | { type: "json"; content: unknown; usage?: FakeUsage }
  /** Answers with an HTTP error in OpenAI's shape. */
  | { type: "error"; status: number; message?: string }
  /** Accepts the request and never answers. */
  | { type: "hang" }
  /** Streams the start of `text`, then stops sending without ending the response. */
  | { type: "stall"; text: string }
  /** A stream that ends without any content. */
  | { type: "empty" }
  /** A transcription answered with this WebVTT (or SRT/text) body. */
  | { type: "transcript"; text: string };

export interface FakeMessage {
  role: string;
  content: string;
}

export interface FakeRequestBody {
  model?: string;
  messages?: FakeMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  [key: string]: unknown;
}

/** What a transcription request sent (multipart fields), kept as body.transcription. */
export interface FakeTranscription {
  responseFormat: string;
  language: string | null;
  fileName: string | null;
  fileBytes: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  /** The parsed JSON body ({} for a GET). */
  body: FakeRequestBody;
  /** The raw body as received, to search for text that must never be sent. */
  raw: string;
}

/** The fake's embedding of a text: its words hashed into 64 dimensions (unnormalised counts). */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const slot = crypto.createHash("md5").update(word).digest().readUInt32BE(0) % EMBEDDING_DIMENSIONS;
    vector[slot] = (vector[slot] ?? 0) + 1;
  }
  return vector;
}
const EMBEDDING_DIMENSIONS = 64;

export interface FakeOpenAI {
  url: string;
  port: number;
  requests: FakeRequest[];
  /** Chat requests only, in arrival order. */
  chatRequests(): FakeRequest[];
  /** Transcription requests only: body.model and body.transcription (FakeTranscription). */
  transcriptionRequests(): FakeRequest[];
  /** The next responses, one per request; the last one repeats. */
  setBehaviour(...behaviours: FakeBehaviour[]): void;
  /** Without support, a json_schema response_format is refused with 400 (as many local servers do). */
  setJsonSchemaSupport(supported: boolean): void;
  /** The vector returned for exactly this input text (instead of fakeEmbedding). */
  setEmbedding(text: string, vector: number[]): void;
  /** Embedding requests fail with this HTTP status until set back to null. */
  setEmbeddingFailure(status: number | null): void;
  /** Embedding requests only, in arrival order. */
  embeddingRequests(): FakeRequest[];
  reset(): void;
  stop(): Promise<void>;
}

class FakeApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public type = "invalid_request_error",
  ) {
    super(message);
  }
}

const roughTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));
const newId = (prefix: string) => `${prefix}-${crypto.randomBytes(8).toString("hex")}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function unescapeData(text: string): string {
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
}

/** The reply of the "auto" behaviour for a chat (not JSON) request. */
function groundedReply(body: FakeRequestBody): string {
  const question = [...(body.messages ?? [])].reverse().find((m) => m.role === "user")?.content ?? "";
  const first = question.match(/<source n="1"[^>]*>\s*([\s\S]*?)\s*<\/source>/);
  if (!first?.[1]) return "The course material I was given does not cover that question.";
  const sentence = unescapeData(first[1]).match(/^[\s\S]*?[.!?](?=\s|$)/)?.[0] ?? unescapeData(first[1]).slice(0, 200);
  return `From the course material: ${sentence.trim()} [1]`;
}

/**
 * The reply of the "auto" behaviour to a follow-up rewrite (a <follow-up> in
 * the request): the member's last earlier question and the follow-up as one
 * line, which is what a model's standalone question holds.
 */
function rewrittenFollowUp(body: FakeRequestBody): string | null {
  const prompt = [...(body.messages ?? [])].reverse().find((m) => m.role === "user")?.content ?? "";
  const followUp = prompt.match(/<follow-up>\s*([\s\S]*?)\s*<\/follow-up>/);
  if (!followUp?.[1]) return null;
  const earlier = [...prompt.matchAll(/<turn role="user">\s*([\s\S]*?)\s*<\/turn>/g)].map((m) => unescapeData(m[1] ?? ""));
  const previous = earlier.at(-1)?.replace(/[?.!]+$/, "") ?? "";
  return `${previous}: ${unescapeData(followUp[1])}`.trim();
}

/** The reply of the "auto" behaviour in JSON mode: a valid lesson draft. */
function lessonDraft(): unknown {
  return {
    sections: [
      { title: "Overview", content: "What this lesson covers and why it matters in a reading." },
      { title: "Key ideas", content: "- The first idea\n- The second idea\n- A common misunderstanding" },
      { title: "Practice", content: "A short exercise with a practice partner, then a journal reflection." },
    ],
  };
}

export async function startFakeOpenAI(options: { port?: number; models?: string[] } = {}): Promise<FakeOpenAI> {
  const models = options.models ?? ["gpt-4o-mini", "fake-model"];
  const requests: FakeRequest[] = [];
  let queue: FakeBehaviour[] = [{ type: "auto" }];
  let jsonSchemaSupported = true;
  const embeddingsFor = new Map<string, number[]>();
  let embeddingFailure: number | null = null;

  function embeddings(res: http.ServerResponse, body: FakeRequestBody) {
    if (embeddingFailure !== null) throw new FakeApiError(embeddingFailure, `Fake embedding error ${embeddingFailure}`, embeddingFailure >= 500 ? "server_error" : "invalid_request_error");
    const input = typeof body.input === "string" ? [body.input] : Array.isArray(body.input) ? body.input : null;
    if (!input || input.length === 0 || input.some((text) => typeof text !== "string")) throw new FakeApiError(400, "'input' must be a string or an array of strings");
    if (typeof body.model !== "string") throw new FakeApiError(400, "'model' is required");
    const texts = input.filter((text): text is string => typeof text === "string");
    sendJson(res, 200, {
      object: "list",
      model: body.model,
      // The SDK asks for base64 (float32, little-endian) unless told otherwise, as OpenAI's API allows.
      data: texts.map((text, index) => {
        const vector = embeddingsFor.get(text) ?? fakeEmbedding(text);
        return { object: "embedding", index, embedding: body.encoding_format === "base64" ? Buffer.from(new Float32Array(vector).buffer).toString("base64") : vector };
      }),
      usage: { prompt_tokens: texts.reduce((sum, text) => sum + roughTokens(text), 0), total_tokens: texts.reduce((sum, text) => sum + roughTokens(text), 0) },
    });
  }

  const nextBehaviour = (): FakeBehaviour => (queue.length > 1 ? (queue.shift() ?? { type: "auto" }) : (queue[0] ?? { type: "auto" }));

  function sendJson(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "Content-Type": "application/json", "x-request-id": newId("req") }).end(JSON.stringify(body));
  }

  function sendError(res: http.ServerResponse, error: FakeApiError) {
    sendJson(res, error.status, { error: { message: error.message, type: error.type, param: null, code: null } });
  }

  function completionBody(body: FakeRequestBody, content: string, usage: FakeUsage) {
    return {
      id: newId("chatcmpl"),
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? models[0],
      choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    };
  }

  async function stream(res: http.ServerResponse, body: FakeRequestBody, chunks: string[], usage: FakeUsage, opts: { delayMs: number; stall: boolean }) {
    let closed = false;
    res.on("close", () => (closed = true));
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    const id = newId("chatcmpl");
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? models[0];
    const send = (payload: unknown) => {
      if (!closed) res.write(`data: ${JSON.stringify(payload)}\n\n`);
    };
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      id,
      object: "chat.completion.chunk",
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    });
    send(chunk({ role: "assistant", content: "" }, null));
    for (const piece of chunks) {
      if (closed) return;
      await sleep(opts.delayMs);
      send(chunk({ content: piece }, null));
    }
    if (opts.stall) return; // the connection stays open until the client gives up
    send(chunk({}, "stop"));
    if (body.stream_options?.include_usage) {
      send({ id, object: "chat.completion.chunk", created, model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } });
    }
    if (!closed) res.end("data: [DONE]\n\n");
  }

  async function chatCompletion(res: http.ServerResponse, body: FakeRequestBody) {
    if (!Array.isArray(body.messages) || body.messages.length === 0) throw new FakeApiError(400, "'messages' must be a non-empty array");
    const format = body.response_format?.type;
    const promptText = body.messages.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content))).join("\n");
    if (format === "json_schema" && !jsonSchemaSupported) {
      throw new FakeApiError(400, "response_format of type 'json_schema' is not supported by this server");
    }
    if (format === "json_object" && !/json/i.test(promptText)) {
      throw new FakeApiError(400, "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.");
    }

    const behaviour = nextBehaviour();
    let text: string;
    let chunks: string[] | undefined;
    let usage: FakeUsage | undefined;
    let delayMs = 2;
    switch (behaviour.type) {
      case "error":
        throw new FakeApiError(behaviour.status, behaviour.message ?? `Fake error ${behaviour.status}`, behaviour.status >= 500 ? "server_error" : "invalid_request_error");
      case "hang":
        return; // never answered; stop() closes the socket
      case "empty":
        text = "";
        chunks = [];
        break;
      case "json":
        text = typeof behaviour.content === "string" ? behaviour.content : JSON.stringify(behaviour.content);
        usage = behaviour.usage;
        break;
      case "text":
        text = behaviour.text;
        chunks = behaviour.chunks;
        usage = behaviour.usage;
        delayMs = behaviour.delayMs ?? delayMs;
        break;
      case "stall":
      case "transcript":
        text = behaviour.text;
        break;
      case "auto":
        text = format ? JSON.stringify(lessonDraft()) : (rewrittenFollowUp(body) ?? groundedReply(body));
        break;
    }
    usage ??= { prompt_tokens: roughTokens(promptText), completion_tokens: text ? roughTokens(text) : 0 };

    if (body.stream) {
      await stream(res, body, chunks ?? text.match(/\S+\s*|\s+/g) ?? [], usage, { delayMs, stall: behaviour.type === "stall" });
      return;
    }
    if (behaviour.type === "stall") return;
    sendJson(res, 200, completionBody(body, text, usage));
  }

  /**
   * The "auto" transcript of the n-th audio piece: one cue a second in, so a
   * test can tell from its start where each piece was placed.
   */
  function autoTranscript(n: number, bytes: number): string {
    return `WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nFake transcript of piece ${n} (${bytes} bytes of audio).\n`;
  }

  async function transcription(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer, url: URL) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    let form: FormData;
    try {
      form = await new Request(url, { method: "POST", headers, body: new Uint8Array(raw) }).formData();
    } catch {
      throw new FakeApiError(400, "Could not parse multipart form");
    }
    const file = form.get("file");
    const transcription: FakeTranscription = {
      responseFormat: String(form.get("response_format") ?? "json"),
      language: form.get("language") === null ? null : String(form.get("language")),
      fileName: file instanceof File ? file.name : null,
      fileBytes: file instanceof File ? file.size : 0,
    };
    const body: FakeRequestBody = { model: String(form.get("model") ?? ""), transcription };
    requests.push({ method: "POST", path: url.pathname, body, raw: "" });
    if (!(file instanceof File) || file.size === 0) throw new FakeApiError(400, "'file' is required");
    if (!body.model) throw new FakeApiError(400, "'model' is required");
    if (file.size > 25 * 1024 * 1024) throw new FakeApiError(413, "Maximum content size limit (26214400) exceeded");
    const behaviour = nextBehaviour();
    if (behaviour.type === "error") throw new FakeApiError(behaviour.status, behaviour.message ?? `Fake error ${behaviour.status}`, behaviour.status >= 500 ? "server_error" : "invalid_request_error");
    if (behaviour.type === "hang") return;
    const n = requests.filter((request) => request.path === "/v1/audio/transcriptions").length;
    const text = behaviour.type === "transcript" ? behaviour.text : autoTranscript(n, file.size);
    if (["vtt", "srt", "text"].includes(transcription.responseFormat)) {
      res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" }).end(text);
      return;
    }
    sendJson(res, 200, { text: text.replace(/^WEBVTT|\d\d:\d\d:\d\d\.\d{3} --> .*$/gm, "").trim() });
  }

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (chunk: Buffer) => parts.push(chunk));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        const method = req.method ?? "GET";
        const bytes = Buffer.concat(parts);
        if (method === "POST" && url.pathname === "/v1/audio/transcriptions") {
          try {
            if (!/^Bearer \S+/.test(req.headers.authorization ?? "")) throw new FakeApiError(401, "You didn't provide an API key.");
            return await transcription(req, res, bytes, url);
          } catch (error) {
            return sendError(res, error instanceof FakeApiError ? error : new FakeApiError(500, String(error), "server_error"));
          }
        }
        const raw = bytes.toString("utf8");
        let body: FakeRequestBody = {};
        try {
          if (raw.trim()) body = JSON.parse(raw);
        } catch {
          return sendError(res, new FakeApiError(400, "We could not parse the JSON body of your request."));
        }
        try {
          if (url.pathname.startsWith("/__fake/")) return control(method, url.pathname, body, res);
          requests.push({ method, path: url.pathname, body, raw });
          if (!/^Bearer \S+/.test(req.headers.authorization ?? "")) {
            throw new FakeApiError(401, "You didn't provide an API key.");
          }
          if (method === "GET" && url.pathname === "/v1/models") {
            const behaviour = nextBehaviour();
            if (behaviour.type === "error") {
              throw new FakeApiError(behaviour.status, behaviour.message ?? `Fake error ${behaviour.status}`, behaviour.status >= 500 ? "server_error" : "invalid_request_error");
            }
            if (behaviour.type === "hang") return;
            return sendJson(res, 200, {
              object: "list",
              data: models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "fake" })),
            });
          }
          if (method === "POST" && url.pathname === "/v1/chat/completions") return await chatCompletion(res, body);
          if (method === "POST" && url.pathname === "/v1/embeddings") return embeddings(res, body);
          throw new FakeApiError(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
        } catch (error) {
          sendError(res, error instanceof FakeApiError ? error : new FakeApiError(500, String(error), "server_error"));
        }
      })();
    });
  });

  function control(method: string, path: string, body: FakeRequestBody, res: http.ServerResponse) {
    if (method === "POST" && path === "/__fake/behaviour" && Array.isArray(body.behaviours) && body.behaviours.length > 0) {
      queue = body.behaviours;
      return sendJson(res, 200, { ok: true });
    }
    if (method === "POST" && path === "/__fake/json-schema") {
      jsonSchemaSupported = body.supported !== false;
      return sendJson(res, 200, { ok: true });
    }
    if (method === "GET" && path === "/__fake/requests") return sendJson(res, 200, requests);
    if (method === "POST" && path === "/__fake/reset") {
      reset();
      return sendJson(res, 200, { ok: true });
    }
    return sendError(res, new FakeApiError(404, `No fake control ${method} ${path}`));
  }

  function reset() {
    requests.length = 0;
    queue = [{ type: "auto" }];
    jsonSchemaSupported = true;
    embeddingsFor.clear();
    embeddingFailure = null;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    chatRequests: () => requests.filter((request) => request.path === "/v1/chat/completions"),
    transcriptionRequests: () => requests.filter((request) => request.path === "/v1/audio/transcriptions"),
    setBehaviour: (...behaviours) => {
      queue = behaviours.length > 0 ? behaviours : [{ type: "auto" }];
    },
    setJsonSchemaSupport: (supported) => {
      jsonSchemaSupported = supported;
    },
    setEmbedding: (text, vector) => {
      embeddingsFor.set(text, vector);
    },
    setEmbeddingFailure: (status) => {
      embeddingFailure = status;
    },
    embeddingRequests: () => requests.filter((request) => request.path === "/v1/embeddings"),
    reset,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1]?.endsWith("fake-openai.ts")) {
  const portFlag = process.argv.indexOf("--port");
  const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 0;
  const fake = await startFakeOpenAI({ port });
  console.log(`fake OpenAI listening on ${fake.url}`);
}
