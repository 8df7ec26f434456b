import crypto from "node:crypto";
import { calculateJwkThumbprint, createLocalJWKSet, importJWK, type JWK, jwtVerify, SignJWT } from "jose";

import { ACCESS_TOKEN } from "../../lib/constants";
import type { StoredSecretSpec } from "./secrets";

export const TOKEN_ISSUER = ACCESS_TOKEN.issuer;
export const TOKEN_AUDIENCE = ACCESS_TOKEN.audience;
const ALGORITHM = ACCESS_TOKEN.algorithm;
// About 5 MB at most: one entry per access token in use on this instance (a token lives minutes).
const VERIFIED_TOKENS_KEPT = 10_000;

export type AccessClaims = {
  sub: string;
  sid: string;
  role: "user" | "admin" | "super_admin";
  userType: "personal" | "company";
  /** Optimistic copy for the web tier's route guards; the API reads permissions from the database. */
  permissions: string[];
};

export type TokenService = {
  signAccessToken(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }>;
  /** Throws on a bad signature, a foreign algorithm, issuer or audience, or expiry. */
  verifyAccessToken(token: string): Promise<AccessClaims & { exp: number }>;
  jwks(): { keys: JWK[] };
};

export type KeyMaterial = {
  /** Signs new tokens; its public half is published and verifies them. */
  privateJwk: JWK;
  publicJwk: JWK;
  /** Keys of earlier configurations: still published and verifying until their tokens expire. */
  previousPublicJwks?: JWK[];
};

/** A fresh Ed25519 signing key. */
export function generateKeyMaterial(): KeyMaterial {
  const { privateKey } = crypto.generateKeyPairSync("ed25519");
  const kid = crypto.randomBytes(8).toString("hex");
  const privateJwk = { ...(privateKey.export({ format: "jwk" }) as JWK), kid, alg: ALGORITHM, use: "sig" };
  return { privateJwk, publicJwk: publicPart(privateJwk) };
}

function publicPart(privateJwk: JWK): JWK {
  const { d: _private, ...rest } = privateJwk;
  return rest;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An Ed25519 private JWK whose public half matches its private half, or undefined. */
export function parsePrivateJwk(text: string): JWK | undefined {
  return checkPrivateJwk(parseJson(text));
}

function checkPrivateJwk(value: unknown): JWK | undefined {
  const jwk = value as JWK;
  if (!jwk || typeof jwk !== "object" || jwk.kty !== "OKP" || jwk.crv !== "Ed25519") return undefined;
  if (typeof jwk.d !== "string" || typeof jwk.x !== "string") return undefined;
  try {
    const privateKey = crypto.createPrivateKey({
      key: { kty: "OKP", crv: "Ed25519", d: jwk.d, x: jwk.x },
      format: "jwk",
    });
    const derived = crypto.createPublicKey(privateKey).export({ format: "jwk" }) as JWK;
    return derived.x === jwk.x ? jwk : undefined;
  } catch {
    return undefined;
  }
}

/** An Ed25519 public JWK (a private one is checked and reduced to its public half), or undefined. */
function checkPublicJwk(value: unknown): JWK | undefined {
  const jwk = value as JWK;
  if (!jwk || typeof jwk !== "object" || jwk.kty !== "OKP" || jwk.crv !== "Ed25519") return undefined;
  if (jwk.d !== undefined) {
    const privateJwk = checkPrivateJwk(jwk);
    return privateJwk ? publicPart(privateJwk) : undefined;
  }
  if (typeof jwk.x !== "string") return undefined;
  try {
    crypto.createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: jwk.x }, format: "jwk" });
    return jwk;
  } catch {
    return undefined;
  }
}

/**
 * Names and labels a configured key as the generated ones are: a key without a kid gets its RFC
 * 7638 thumbprint, so the same key always has the same kid on every instance, and a previous key
 * copied from an old JWT_PRIVATE_KEY matches the tokens that key signed.
 */
async function labelled(jwk: JWK): Promise<JWK> {
  return { ...jwk, kid: jwk.kid ?? (await calculateJwkThumbprint(jwk)), alg: ALGORITHM, use: "sig" };
}

/**
 * JWT_PREVIOUS_PUBLIC_KEYS: a JSON array of Ed25519 JWKs, public ones or the old private keys
 * themselves (only their public half is kept). Throws a message naming the variable.
 */
export async function parsePreviousPublicKeys(text: string | undefined): Promise<JWK[]> {
  if (!text) return [];
  const list = parseJson(text);
  if (!Array.isArray(list)) {
    throw new Error("JWT_PREVIOUS_PUBLIC_KEYS must be a JSON array of Ed25519 keys in JWK form");
  }
  const keys: JWK[] = [];
  for (const [index, entry] of list.entries()) {
    const jwk = checkPublicJwk(entry);
    if (!jwk) throw new Error(`JWT_PREVIOUS_PUBLIC_KEYS[${index}] is not an Ed25519 key in JWK form`);
    keys.push(await labelled(jwk));
  }
  return keys;
}

/**
 * The signing key and the keys still accepted. The current key comes from JWT_PRIVATE_KEY, else
 * from the database (generated once, see loadOrCreateStoredSecrets); previous keys only from
 * configuration. Throws when a kid names two different keys: a token could not say which it is.
 */
export async function keyMaterialFrom(privateJwk: JWK, previousPublicJwks: JWK[] = []): Promise<KeyMaterial> {
  const current = await labelled(privateJwk);
  const publicJwk = publicPart(current);
  const previous: JWK[] = [];
  for (const jwk of previousPublicJwks) {
    // The current key listed again (a rotation half done) is simply the current key.
    if (jwk.x === publicJwk.x) continue;
    const clash = [publicJwk, ...previous].find((other) => other.kid === jwk.kid);
    if (clash) throw new Error(`JWT_PREVIOUS_PUBLIC_KEYS: the kid "${jwk.kid}" names two different keys`);
    previous.push(jwk);
  }
  return { privateJwk: current, publicJwk, previousPublicJwks: previous };
}

/** The signing key from JWT_PRIVATE_KEY; throws when it is not a usable Ed25519 key. */
export function parseConfiguredPrivateKey(text: string): JWK {
  const privateJwk = parsePrivateJwk(text);
  if (!privateJwk) throw new Error("JWT_PRIVATE_KEY must be an Ed25519 private key in JWK form");
  return privateJwk;
}

/** How the generated signing key is kept in app_secrets (and was kept in DATA_DIR/secrets). */
export const signingKeySpec: StoredSecretSpec = {
  name: "jwt-signing-key",
  file: "jwt-ed25519.json",
  parse: (text) => (parsePrivateJwk(text) ? text.trim() : undefined),
  generate: () => JSON.stringify(generateKeyMaterial().privateJwk),
};

export async function createTokenService(options: {
  keys: KeyMaterial;
  accessTokenTtlSeconds: number;
  now?: () => number;
}): Promise<TokenService> {
  const now = options.now ?? Date.now;
  const privateKey = await importJWK(options.keys.privateJwk, ALGORITHM);
  const published = [options.keys.publicJwk, ...(options.keys.previousPublicJwks ?? [])];
  // Picks the key by the token's kid: tokens signed before a rotation verify until they expire.
  const verificationKeys = createLocalJWKSet({ keys: published });
  const kid = options.keys.privateJwk.kid;

  // Tokens whose signature, issuer and audience checked out, with their claims: a signed-in
  // browser sends the same access token with every call until it is refreshed, and checking an
  // Ed25519 signature again each time was the largest single cost of a session read. Only the
  // verification is remembered; the session, role, status and permissions are still read from
  // the database on every call. Bounded: the oldest entry goes first.
  const verified = new Map<string, AccessClaims & { exp: number }>();
  const remember = (token: string, claims: AccessClaims & { exp: number }) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, claims);
  };

  return {
    async signAccessToken(claims) {
      const issuedAt = Math.floor(now() / 1000);
      const expiresAtSeconds = issuedAt + options.accessTokenTtlSeconds;
      const token = await new SignJWT({
        sid: claims.sid,
        role: claims.role,
        userType: claims.userType,
        permissions: claims.permissions,
      })
        .setProtectedHeader({ alg: ALGORITHM, kid, typ: "JWT" })
        .setSubject(claims.sub)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(privateKey);
      return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
    },
    async verifyAccessToken(token) {
      const known = verified.get(token);
      // A token verified before is the same bytes under the same keys: only its expiry can have
      // changed, and that is checked here as jose checks it.
      if (known && known.exp * 1000 > now()) return known;
      if (known) verified.delete(token);
      const { payload } = await jwtVerify(token, verificationKeys, {
        algorithms: [ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        currentDate: new Date(now()),
      });
      if (
        typeof payload.sub !== "string" ||
        typeof payload.sid !== "string" ||
        typeof payload.exp !== "number"
      ) {
        throw new Error("access token lacks its claims");
      }
      const claims = Object.freeze({
        sub: payload.sub,
        sid: payload.sid,
        role: payload.role as AccessClaims["role"],
        userType: payload.userType as AccessClaims["userType"],
        permissions: Array.isArray(payload.permissions) ? [...(payload.permissions as string[])] : [],
        exp: payload.exp,
      });
      // Shared by every call with this token from now on, so nobody may change it.
      Object.freeze(claims.permissions);
      remember(token, claims);
      return claims;
    },
    jwks: () => ({ keys: published }),
  };
}

/** Opaque secrets (refresh and reset tokens): 256 random bits, stored only as SHA-256. */
export function createOpaqueToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashOpaqueToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
