import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { exportJWK, importJWK, type JWK, jwtVerify, SignJWT } from "jose";

import { ACCESS_TOKEN } from "../../lib/constants";

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

async function generateKeyMaterial(): Promise<KeyMaterial> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ed25519");
  const kid = crypto.randomBytes(8).toString("hex");
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALGORITHM, use: "sig" };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: "sig" };
  return { privateJwk, publicJwk };
}

function publicPart(privateJwk: JWK): JWK {
  const { d: _private, ...rest } = privateJwk;
  return rest;
}

/** The signing key from JWT_PRIVATE_KEY, or generated once into DATA_DIR/secrets. */
export async function loadKeyMaterial(dataDir: string, fromEnv?: string): Promise<KeyMaterial> {
  if (fromEnv) {
    const privateJwk = JSON.parse(fromEnv) as JWK;
    if (privateJwk.kty !== "OKP" || privateJwk.crv !== "Ed25519" || !privateJwk.d) {
      throw new Error("JWT_PRIVATE_KEY must be an Ed25519 private key in JWK form");
    }
    privateJwk.kid ??= "env";
    return { privateJwk, publicJwk: publicPart(privateJwk) };
  }
  const file = path.join(dataDir, "secrets", "jwt-ed25519.json");
  try {
    const privateJwk = JSON.parse(fs.readFileSync(file, "utf8")) as JWK;
    return { privateJwk, publicJwk: publicPart(privateJwk) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const material = await generateKeyMaterial();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, JSON.stringify(material.privateJwk), { mode: 0o600, flag: "wx" });
    return material;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const privateJwk = JSON.parse(fs.readFileSync(file, "utf8")) as JWK;
    return { privateJwk, publicJwk: publicPart(privateJwk) };
  }
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
