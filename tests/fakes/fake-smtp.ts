import { SMTPServer } from "smtp-server";

// A real SMTP server on 127.0.0.1 that keeps what it receives, so tests read
// the academy's emails as they went over the wire. It asks for a login, as a
// mail provider would, so the credentials in SMTP_URL are exercised too.

export interface ReceivedEmail {
  from: string;
  to: string[];
  /** The message source with quoted-printable soft breaks and escapes undone. */
  source: string;
  header(name: string): string | undefined;
}

export const FAKE_SMTP_LOGIN = { username: "academy-mailer", password: "mail-secret-123" };

/** Undoes quoted-printable (lines longer than 76 characters are wrapped with "=" and escapes such as =3D). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Undoes RFC 2047 encoded words in a header ("=?UTF-8?Q?New_replies?=", "=?UTF-8?B?…?="). */
function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) => {
    if (kind.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
    const bytes = text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  });
}

function toEmail(from: string, to: string[], raw: string): ReceivedEmail {
  const [head = "", ...body] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return {
    from,
    to,
    source: `${head}\n\n${decodeQuotedPrintable(body.join("\n\n"))}`,
    header: (name) => {
      const value = headers.get(name.toLowerCase());
      return value === undefined ? undefined : decodeHeader(value);
    },
  };
}

export interface FakeSmtp {
  url: string;
  received: ReceivedEmail[];
  /** The next email to this address not handed out before (one that already arrived counts). */
  emailTo(address: string, timeoutMs?: number): Promise<ReceivedEmail>;
  /**
   * Until the returned function is called, messages are received but not
   * acknowledged; one whose sender went away meanwhile is dropped, as its
   * sender never learnt it was delivered.
   */
  holdDeliveries(): () => void;
  /** How many held messages still have their sender connected. */
  heldWithSender(): number;
  close(): Promise<void>;
}

/** `port`: listen where an earlier fake listened (a mail server back after an outage). */
export async function startFakeSmtp({ port = 0 }: { port?: number } = {}): Promise<FakeSmtp> {
  const received: ReceivedEmail[] = [];
  const waiters: Array<{ address: string; resolve: (email: ReceivedEmail) => void }> = [];
  const handedOut = new Set<ReceivedEmail>();
  let gate: Promise<void> = Promise.resolve();
  const closedSessions = new Set<string>();
  const held = new Set<string>();

  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onAuth(auth, _session, callback) {
      if (auth.username === FAKE_SMTP_LOGIN.username && auth.password === FAKE_SMTP_LOGIN.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error("Invalid username or password"));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const email = toEmail(
          from,
          session.envelope.rcptTo.map((rcpt) => rcpt.address),
          Buffer.concat(chunks).toString("utf8"),
        );
        held.add(session.id);
        void gate.then(() => {
          held.delete(session.id);
          if (closedSessions.has(session.id)) return;
          received.push(email);
          const waiter = waiters.find((candidate) => email.to.includes(candidate.address));
          if (waiter) {
            waiters.splice(waiters.indexOf(waiter), 1);
            handedOut.add(email);
            waiter.resolve(email);
          }
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  if (typeof address !== "object" || !address) throw new Error("the fake SMTP server has no port");

  return {
    url: `smtp://${FAKE_SMTP_LOGIN.username}:${FAKE_SMTP_LOGIN.password}@127.0.0.1:${address.port}`,
    received,
    emailTo(wanted, timeoutMs = 15_000) {
      const already = received.find((email) => email.to.includes(wanted) && !handedOut.has(email));
      if (already) {
        handedOut.add(already);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No email to ${wanted} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          address: wanted,
          resolve: (email) => {
            clearTimeout(timer);
            resolve(email);
          },
        });
      });
    },
    holdDeliveries() {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    },
    heldWithSender: () => [...held].filter((id) => !closedSessions.has(id)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
