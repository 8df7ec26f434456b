import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { ACCESS_TOKEN } from "@/lib/constants";
import type { GuardClaims } from "./route-guards";

export type WebSessionClaims = GuardClaims & { sub: string; sid: string; exp: number };

let keySet: { apiUrl: string; jwks: ReturnType<typeof createRemoteJWKSet> } | undefined;

function jwksFor(apiUrl: string) {
  if (keySet?.apiUrl !== apiUrl) {
    // jose caches the keys and refetches (rate-limited) when a token names an unknown key.
    keySet = {
      apiUrl,
      jwks: createRemoteJWKSet(new URL(apiPath(authApi.jwks), apiUrl), { timeoutDuration: 3_000 }),
    };
  }
  return keySet.jwks;
}

/** The access cookie's claims when its signature, issuer, audience and expiry hold; else null. */
export async function verifyAccessToken(
  token: string | undefined,
  apiUrl: string,
): Promise<WebSessionClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, jwksFor(apiUrl), {
      algorithms: [ACCESS_TOKEN.algorithm],
      issuer: ACCESS_TOKEN.issuer,
      audience: ACCESS_TOKEN.audience,
    });
    return {
      sub: String(payload.sub),
      sid: String(payload.sid),
      exp: Number(payload.exp),
      role: payload.role as WebSessionClaims["role"],
      userType: payload.userType as WebSessionClaims["userType"],
      permissions: Array.isArray(payload.permissions) ? (payload.permissions as string[]) : [],
    };
  } catch {
    return null;
  }
}

/** The expiry of a token the API just issued, without another signature check. */
export function tokenExpiry(token: string): number | undefined {
  try {
    return decodeJwt(token).exp;
  } catch {
    return undefined;
  }
}
