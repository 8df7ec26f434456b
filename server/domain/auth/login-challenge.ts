import crypto from "node:crypto";

/** How long the second step may take after the password (or emailed code) was right. */
const CHALLENGE_TTL_SECONDS = 5 * 60;

export type LoginMethod = "password" | "email_code";

type LoginChallenge = {
  userId: string;
  method: LoginMethod;
  nonce: string;
  expiresAt: number;
  /** The password the first step was passed under (a keyed fingerprint of its hash). */
  password: string;
};

function signature(secretKey: string, payload: string): Buffer {
  return crypto.createHmac("sha256", secretKey).update(`login-challenge:${payload}`).digest();
}

/**
 * Binds a challenge to the account's password as it was at the first step: a password changed
 * or reset since (an owner locking out whoever learned the old one) ends every challenge the old
 * one earned, as it ends the sessions. Keyed, so the token tells nothing about the hash.
 */
export function passwordFingerprint(secretKey: string, passwordHash: string | null): string {
  return crypto
    .createHmac("sha256", secretKey)
    .update(`login-challenge-password:${passwordHash ?? ""}`)
    .digest("base64url")
    .slice(0, 22);
}

/**
 * The token a first sign-in step hands out instead of a session when the account has two-factor
 * sign-in on: the user, how the first step was passed, an expiry and a nonce (the key under which
 * its guesses are counted), signed with a key of its own purpose. Stateless, so the first step
 * of a login without two-factor sign-in writes nothing more than it did before.
 */
export function createLoginChallenge(
  secretKey: string,
  user: { id: string; passwordHash: string | null },
  method: LoginMethod,
  now = Date.now(),
): string {
  const challenge: LoginChallenge = {
    userId: user.id,
    method,
    nonce: crypto.randomBytes(16).toString("base64url"),
    expiresAt: Math.floor(now / 1000) + CHALLENGE_TTL_SECONDS,
    password: passwordFingerprint(secretKey, user.passwordHash),
  };
  const payload = Buffer.from(JSON.stringify(challenge)).toString("base64url");
  return `${payload}.${signature(secretKey, payload).toString("base64url")}`;
}

/** The challenge's contents when its signature holds and it has not expired; null otherwise. */
export function readLoginChallenge(
  secretKey: string,
  token: string,
  now = Date.now(),
): LoginChallenge | null {
  const [payload, given, extra] = token.split(".");
  if (!payload || !given || extra !== undefined) return null;
  const expected = signature(secretKey, payload);
  const presented = Buffer.from(given, "base64url");
  if (presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) return null;
  try {
    const challenge = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as LoginChallenge;
    if (typeof challenge.userId !== "string" || typeof challenge.nonce !== "string") return null;
    if (typeof challenge.password !== "string") return null;
    if (challenge.method !== "password" && challenge.method !== "email_code") return null;
    if (typeof challenge.expiresAt !== "number" || challenge.expiresAt * 1000 <= now) return null;
    return challenge;
  } catch {
    return null;
  }
}
