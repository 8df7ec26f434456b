import crypto from "node:crypto";

/**
 * A browser's own identity for the new-browser notice: a random id the API signs and the web
 * tier keeps in a long-lived httpOnly cookie, sent back with every sign-in. A User-Agent string
 * is public and easily copied (an intruder who fakes the owner's common browser would otherwise
 * be "known"); an id that only the owner's browser holds is not. Signed, so a client cannot pick
 * one: a made-up or altered token counts as no token, and the sign-in gets a fresh id.
 */

/** The header the web tier forwards the cookie's value in. */
export const DEVICE_TOKEN_HEADER = "x-device-token";

const signature = (secretKey: string, id: string) =>
  crypto.createHmac("sha256", secretKey).update(`device-token:${id}`).digest("base64url");

function mintDeviceToken(secretKey: string): { id: string; token: string } {
  const id = crypto.randomBytes(16).toString("base64url");
  return { id, token: `${id}.${signature(secretKey, id)}` };
}

/** The id of a token this API signed; null for anything else. */
function readDeviceToken(secretKey: string, token: string | null | undefined): string | null {
  if (!token || token.length > 200) return null;
  const [id, given, extra] = token.split(".");
  if (!id || !given || extra !== undefined) return null;
  const expected = Buffer.from(signature(secretKey, id));
  const presented = Buffer.from(given);
  if (presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) return null;
  return id;
}

export type Device = {
  /** What sessions store: the id's SHA-256, so a database copy cannot be replayed as a cookie. */
  idHash: string;
  /** The token for the cookie: the one presented when it was valid, else a new one. */
  token: string;
};

/** The browser of a sign-in: its presented token when valid, else a new id. */
export function resolveDevice(secretKey: string, presented: string | null | undefined): Device {
  const known = readDeviceToken(secretKey, presented);
  const { id, token } = known ? { id: known, token: presented as string } : mintDeviceToken(secretKey);
  return { idHash: crypto.createHash("sha256").update(id).digest("base64url"), token };
}
