import crypto from "node:crypto";
import path from "node:path";
import { importJWK, type JWK, jwtVerify, SignJWT } from "jose";

import { ACCESS_TOKEN } from "../../lib/constants";
import { loadOrCreateSecretFile } from "./secrets";

export const TOKEN_ISSUER = ACCESS_TOKEN.issuer;
export const TOKEN_AUDIENCE = ACCESS_TOKEN.audience;
const ALGORITHM = ACCESS_TOKEN.algorithm;

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
  /** Throws on a bad signature, a foreign algorithm, issuer or audience, or expiry (SECURITY.md 15). */
  verifyAccessToken(token: string): Promise<AccessClaims & { exp: number }>;
  jwks(): { keys: JWK[] };
};

type KeyMaterial = { privateJwk: JWK; publicJwk: JWK };

function generateKeyMaterial(): KeyMaterial {
  const { privateKey } = crypto.generateKeyPairSync("ed25519");
  const kid = crypto.randomBytes(8).toString("hex");
  const privateJwk = { ...(privateKey.export({ format: "jwk" }) as JWK), kid, alg: ALGORITHM, use: "sig" };
  return { privateJwk, publicJwk: publicPart(privateJwk) };
}

function publicPart(privateJwk: JWK): JWK {
  const { d: _private, ...rest } = privateJwk;
  return rest;
}

/** An Ed25519 private JWK whose public half matches its private half, or undefined. */
export function parsePrivateJwk(text: string): JWK | undefined {
  let jwk: JWK;
  try {
    jwk = JSON.parse(text) as JWK;
  } catch {
    return undefined;
  }
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

/** The signing key from JWT_PRIVATE_KEY, or generated once into DATA_DIR/secrets. */
export async function loadKeyMaterial(
  dataDir: string,
  fromEnv?: string,
  warn?: (message: string) => void,
): Promise<KeyMaterial> {
  if (fromEnv) {
    const privateJwk = parsePrivateJwk(fromEnv);
    if (!privateJwk) throw new Error("JWT_PRIVATE_KEY must be an Ed25519 private key in JWK form");
    privateJwk.kid ??= "env";
    return { privateJwk, publicJwk: publicPart(privateJwk) };
  }
  const privateJwk = loadOrCreateSecretFile(path.join(dataDir, "secrets", "jwt-ed25519.json"), {
    parse: parsePrivateJwk,
    generate() {
      const material = generateKeyMaterial();
      return { value: material.privateJwk, text: JSON.stringify(material.privateJwk) };
    },
    warn,
  });
  return { privateJwk, publicJwk: publicPart(privateJwk) };
}

export async function createTokenService(options: {
  keys: KeyMaterial;
  accessTokenTtlSeconds: number;
  now?: () => number;
}): Promise<TokenService> {
  const now = options.now ?? Date.now;
  const privateKey = await importJWK(options.keys.privateJwk, ALGORITHM);
  const publicKey = await importJWK(options.keys.publicJwk, ALGORITHM);
  const kid = options.keys.privateJwk.kid;

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
      const { payload } = await jwtVerify(token, publicKey, {
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
      return {
        sub: payload.sub,
        sid: payload.sid,
        role: payload.role as AccessClaims["role"],
        userType: payload.userType as AccessClaims["userType"],
        permissions: Array.isArray(payload.permissions) ? (payload.permissions as string[]) : [],
        exp: payload.exp,
      };
    },
    jwks: () => ({ keys: [options.keys.publicJwk] }),
  };
}

/** Opaque secrets (refresh and reset tokens): 256 random bits, stored only as SHA-256. */
export function createOpaqueToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashOpaqueToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
