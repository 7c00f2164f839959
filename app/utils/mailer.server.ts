import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/utils/env.server";

// Outgoing email through the SMTP server in SMTP_URL. Without it the academy
// sends no email, and features that would (password resets) say so.

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

let transporter: Transporter | null = null;

export function isEmailConfigured(): boolean {
  return Boolean(env.SMTP_URL && env.MAIL_FROM);
}

/** Sends one plain-text email; rejects when the SMTP server refuses it or cannot be reached. */
export async function sendEmail(email: OutgoingEmail): Promise<void> {
  if (!env.SMTP_URL || !env.MAIL_FROM) throw new Error("Email is not configured (SMTP_URL, MAIL_FROM)");
  // Created on first use: a transporter holds no connection until it sends.
  transporter ??= nodemailer.createTransport(env.SMTP_URL);
  await transporter.sendMail({ from: env.MAIL_FROM, to: email.to, subject: email.subject, text: email.text });
}
