import crypto from "node:crypto";
import { lt } from "drizzle-orm";
import { db, changes } from "#db/client.server";
import { usedCaptchas } from "#db/schema";
import { env } from "~/utils/env.server";

// The math captcha of the spec, checked on the server. A challenge is a signed
// token (so showing one writes nothing); redeeming it records its nonce, so
// each token works once, right or wrong.

const TTL_MS = 10 * 60 * 1000;

export interface Captcha {
  token: string;
  question: string;
}

function sign(payload: string): string {
  return crypto.createHmac("sha256", `captcha:${env.SESSION_SECRET}`).update(payload).digest("base64url");
}

function randomOperand(): number {
  return crypto.randomInt(1, 11);
}

export function createCaptcha(now = Date.now()): Captcha {
  const a = randomOperand();
  const b = randomOperand();
  const payload = `${a}.${b}.${now + TTL_MS}.${crypto.randomBytes(12).toString("base64url")}`;
  return {
    token: `${Buffer.from(payload).toString("base64url")}.${sign(payload)}`,
    question: `What is ${a} + ${b}?`,
  };
}

export async function checkCaptcha(token: string, answer: number, now = Date.now()): Promise<boolean> {
  const [encoded, signature] = token.split(".");
  if (!encoded || !signature) return false;
  const payload = Buffer.from(encoded, "base64url").toString();
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return false;
  const [a, b, expiresAt, nonce] = payload.split(".");
  if (!nonce || Number(expiresAt) < now) return false;
  const firstUse =
    changes(await db
      .insert(usedCaptchas)
      .values({ nonce, expiresAt: new Date(Number(expiresAt)) })
      .onConflictDoNothing()) === 1;
  return firstUse && Number(a) + Number(b) === answer;
}

export async function pruneUsedCaptchas(now = new Date()): Promise<void> {
  await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, now));
}
