import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/utils/env.server";

// Outgoing email through the SMTP server in SMTP_URL. Without it the academy
// sends no email, and features that would (password resets) say so.

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the plain text. */
  html?: string;
  /** RFC 8058 one-click unsubscribe: List-Unsubscribe (this URL) and List-Unsubscribe-Post. */
  unsubscribeUrl?: string;
  /**
   * The Message-ID's left part, the same each time this email is sent: a send
   * repeated after a crash (the outbox's lease expired) is then recognisably
   * the same message, which receiving servers and clients drop.
   */
  messageKey?: string;
}

let transporter: Transporter | null = null;

export function isEmailConfigured(): boolean {
  return Boolean(env.SMTP_URL && env.MAIL_FROM);
}

/** Sends one email (plain text, and HTML when given); rejects when the SMTP server refuses it or cannot be reached. */
export async function sendEmail(email: OutgoingEmail): Promise<void> {
  if (!env.SMTP_URL || !env.MAIL_FROM) throw new Error("Email is not configured (SMTP_URL, MAIL_FROM)");
  // Created on first use: a transporter holds no connection until it sends.
  transporter ??= nodemailer.createTransport(env.SMTP_URL);
  await transporter.sendMail({
    from: env.MAIL_FROM,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageKey ? `<${email.messageKey}@${new URL(env.PUBLIC_URL ?? "http://localhost").hostname}>` : undefined,
    headers: email.unsubscribeUrl ? { "List-Unsubscribe": `<${email.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined,
  });
}
