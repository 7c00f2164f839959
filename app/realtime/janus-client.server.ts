import crypto from "node:crypto";

// The academy's side of Janus's plain HTTP API (issue 28), for driving the
// VideoRoom plugin server-side. Chosen over Meetecho's janode, which speaks
// Janus's WebSocket transport: the HTTP transport alone is enough on
// loopback, needs no dependency, and one Janus session with one long poll
// carries every handle (a member's publisher and subscriber).
//
// A request Janus answers at once ("success") resolves with its plugin data;
// one it acknowledges ("ack") resolves when the matching event arrives on the
// long poll, with its plugin data and JSEP.

export interface Jsep {
  type: "offer" | "answer";
  sdp: string;
}

export interface PluginReply {
  data: Record<string, unknown>;
  jsep?: Jsep;
}

export interface HandleEvent {
  /** "event" (plugin), "webrtcup", "media", "hangup", "detached", "slowlink", "trickle". */
  janus: string;
  data?: Record<string, unknown>;
  jsep?: Jsep;
}

export class JanusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "JanusError";
  }
}

interface Pending {
  resolve: (reply: PluginReply) => void;
  reject: (error: Error) => void;
}

interface JanusMessage {
  janus: string;
  transaction?: string;
  sender?: number;
  session_id?: number;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> };
  jsep?: Jsep;
}

const REQUEST_TIMEOUT_MS = 15_000;

export class JanusClient {
  private sessionId: number | null = null;
  private polling = false;
  private readonly pending = new Map<string, Pending>();
  private readonly listeners = new Map<number, (event: HandleEvent) => void>();
  /** Called when the session is gone (Janus restarted or forgot it): everything must be set up again. */
  onLost: () => void = () => undefined;

  constructor(
    private readonly url: string,
    private readonly apiSecret: string | undefined,
  ) {}

  get connected(): boolean {
    return this.sessionId !== null;
  }

  async connect(): Promise<void> {
    const created = await this.post(this.url, { janus: "create" });
    const id = created.data?.id;
    if (typeof id !== "number") throw new JanusError(0, "Janus created no session");
    this.sessionId = id;
    void this.poll(id);
  }

  /** Attaches a VideoRoom handle; `onEvent` receives what Janus says about it later. */
  async attach(onEvent: (event: HandleEvent) => void): Promise<number> {
    const attached = await this.post(this.sessionUrl(), { janus: "attach", plugin: "janus.plugin.videoroom" });
    const id = attached.data?.id;
    if (typeof id !== "number") throw new JanusError(0, "Janus attached no handle");
    this.listeners.set(id, onEvent);
    return id;
  }

  /** Lets a handle go; never fails (a handle of a lost session is gone already). */
  async detach(handleId: number): Promise<void> {
    this.listeners.delete(handleId);
    if (this.sessionId === null) return;
    await this.post(`${this.url}/${this.sessionId}/${handleId}`, { janus: "detach" }).catch(() => undefined);
  }

  /** A VideoRoom request on a handle, with an SDP when it carries one. */
  async message(handleId: number, body: Record<string, unknown>, jsep?: Jsep): Promise<PluginReply> {
    const transaction = crypto.randomUUID();
    // Waiting before asking: the event answering an "ack" may come on the long poll before the POST returns.
    const evented = new Promise<PluginReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new JanusError(0, `Janus did not answer ${String(body.request)} in time`));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(transaction, {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
    let answer: JanusMessage;
    try {
      answer = await this.post(`${this.sessionUrl()}/${handleId}`, { janus: "message", body, ...(jsep ? { jsep } : {}) }, transaction);
    } catch (error) {
      this.settle(transaction, error instanceof Error ? error : new Error(String(error)));
      evented.catch(() => undefined);
      throw error;
    }
    if (answer.janus !== "success") return evented;
    this.settle(transaction);
    evented.catch(() => undefined);
    return this.pluginReply(answer);
  }

  /** Stops waiting for a transaction's event (answered at once, or failed). */
  private settle(transaction: string, error: Error = new JanusError(0, "answered at once")): void {
    const waiting = this.pending.get(transaction);
    this.pending.delete(transaction);
    waiting?.reject(error);
  }

  async trickle(handleId: number, candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } | null): Promise<void> {
    await this.post(`${this.sessionUrl()}/${handleId}`, { janus: "trickle", candidate: candidate ?? { completed: true } });
  }

  async close(): Promise<void> {
    const id = this.sessionId;
    this.sessionId = null;
    this.listeners.clear();
    if (id !== null) await this.post(`${this.url}/${id}`, { janus: "destroy" }).catch(() => undefined);
  }

  private sessionUrl(): string {
    if (this.sessionId === null) throw new JanusError(0, "Not connected to Janus");
    return `${this.url}/${this.sessionId}`;
  }

  private pluginReply(message: JanusMessage): PluginReply {
    const data = message.plugindata?.data ?? {};
    if (typeof data.error === "string") throw new JanusError(Number(data.error_code ?? 0), data.error);
    return { data, jsep: message.jsep };
  }

  private async post(url: string, body: Record<string, unknown>, transaction: string = crypto.randomUUID()): Promise<JanusMessage> {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...body, transaction, ...(this.apiSecret ? { apisecret: this.apiSecret } : {}) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const message = (await response.json()) as JanusMessage;
    if (message.janus === "error") throw new JanusError(message.error?.code ?? 0, message.error?.reason ?? "Janus refused the request");
    return message;
  }

  /** The session's long poll: events for every handle, and the replies to acknowledged requests. */
  private async poll(sessionId: number): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      while (this.sessionId === sessionId) {
        let events: JanusMessage[];
        try {
          const secret = this.apiSecret ? `&apisecret=${encodeURIComponent(this.apiSecret)}` : "";
          const response = await fetch(`${this.url}/${sessionId}?maxev=20&rid=${Date.now()}${secret}`, { signal: AbortSignal.timeout(60_000) });
          const body = (await response.json()) as JanusMessage | JanusMessage[];
          events = Array.isArray(body) ? body : [body];
        } catch {
          // Janus went away: the session is lost with it.
          if (this.sessionId === sessionId) this.lose();
          return;
        }
        for (const event of events) this.dispatch(event);
      }
    } finally {
      this.polling = false;
    }
  }

  private dispatch(message: JanusMessage): void {
    if (message.janus === "keepalive") return;
    if (message.janus === "error" && message.error?.code === 458 /* no such session */) return this.lose();
    const waiting = message.transaction ? this.pending.get(message.transaction) : undefined;
    if (waiting && message.janus === "event") {
      this.pending.delete(message.transaction ?? "");
      try {
        waiting.resolve(this.pluginReply(message));
      } catch (error) {
        waiting.reject(error instanceof Error ? error : new Error(String(error)));
      }
      return;
    }
    if (message.sender === undefined) return;
    this.listeners.get(message.sender)?.({ janus: message.janus, data: message.plugindata?.data, jsep: message.jsep });
  }

  private lose(): void {
    this.sessionId = null;
    for (const waiting of this.pending.values()) waiting.reject(new JanusError(0, "Janus went away"));
    this.pending.clear();
    this.listeners.clear();
    this.onLost();
  }
}
