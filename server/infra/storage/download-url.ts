import { createHmac, timingSafeEqual } from "node:crypto";
import type { DispositionType } from "./content-disposition";
import { OBJECT_KEY_PATTERN, type SignedUrlOptions } from "./types";

// Download URLs served by the API itself (/api/files/<key>), for every storage driver: the
// files route adds nosniff and a sandboxing CSP, which a presigned S3 URL cannot carry
// (docs/decisions/003).

export type DownloadSignatureQuery = {
  exp?: string;
  disp?: string;
  name?: string;
  sig?: string;
};

export type DownloadSignatureCheck = "ok" | "expired" | "invalid";

const EXPIRY_PATTERN = /^[0-9]{1,12}$/;
const SIGNATURE_BYTES = 32;

/**
 * The signed string. JSON of an array is unambiguous whatever the fields hold (a name may
 * contain any separator we could pick), and the purpose label keeps this HMAC from being
 * accepted anywhere else the same secret might be used.
 */
function signaturePayload(key: string, exp: string, disp: string, name: string): string {
  return JSON.stringify(["download-v1", key, exp, disp, name]);
}

function sign(secret: string, key: string, exp: string, disp: string, name: string): Buffer {
  return createHmac("sha256", secret)
    .update(signaturePayload(key, exp, disp, name))
    .digest();
}

function isDisposition(value: string): value is DispositionType {
  return value === "inline" || value === "attachment";
}

/**
 * Checks a download URL issued by `signedUrl`. The signature is checked before the expiry, so
 * a tampered `exp` reads as "invalid" and only a genuine but old URL reads as "expired". Several
 * secrets: the current one and those before a rotation, whose URLs stay valid until they expire.
 */
export function verifyDownloadSignature(
  secrets: string | readonly string[],
  key: string,
  query: DownloadSignatureQuery,
  nowMs: number,
): DownloadSignatureCheck {
  const { exp, disp, name = "", sig } = query;
  if (!OBJECT_KEY_PATTERN.test(key)) return "invalid";
  if (exp === undefined || !EXPIRY_PATTERN.test(exp)) return "invalid";
  if (disp === undefined || !isDisposition(disp)) return "invalid";
  if (sig === undefined) return "invalid";
  const given = Buffer.from(sig, "base64url");
  // Node's decoder skips stray characters and ignores spare low bits; demanding the canonical
  // spelling means one URL per signature. timingSafeEqual throws on a length mismatch, and the
  // length of a MAC is no secret.
  if (given.length !== SIGNATURE_BYTES || given.toString("base64url") !== sig) return "invalid";
  const candidates = typeof secrets === "string" ? [secrets] : secrets;
  const signedByOne = candidates.some((secret) => timingSafeEqual(given, sign(secret, key, exp, disp, name)));
  if (!signedByOne) return "invalid";
  return Number(exp) * 1000 <= nowMs ? "expired" : "ok";
}

export function createDownloadUrl(
  signer: { secret: string; basePath: string; now: () => number },
  key: string,
  options: SignedUrlOptions,
): string {
  const exp = String(Math.floor(signer.now() / 1000) + Math.ceil(options.expiresInSeconds));
  const disp = options.disposition ?? "inline";
  const name = options.fileName ?? "";
  const sig = sign(signer.secret, key, exp, disp, name).toString("base64url");
  const query = [`exp=${exp}`, `disp=${disp}`, `name=${encodeURIComponent(name)}`, `sig=${sig}`].join("&");
  return `${signer.basePath}/${key}?${query}`;
}
