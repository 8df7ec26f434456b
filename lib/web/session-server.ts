import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { type BrowserSession, meResponseSchema } from "../schemas/auth";
import { tokenExpiry } from "./access-token";
import { webEnv } from "./env";
import { sessionCookieNames } from "./session-cookies";

/**
 * The session as the API knows it now (server components re-check what proxy.ts let through):
 * the access cookie is sent to GET /api/auth/me, which reads the user from the database.
 * Once per request (React cache).
 */
export const getSession = cache(async (): Promise<BrowserSession | null> => {
  const headerList = await headers();
  const https = (headerList.get("x-forwarded-proto") ?? "").startsWith("https");
  const token = (await cookies()).get(sessionCookieNames(https).access)?.value;
  if (!token) return null;
  try {
    const response = await fetch(new URL("/api/auth/me", webEnv().API_URL), {
      headers: {
        authorization: `Bearer ${token}`,
        "x-forwarded-for": headerList.get("x-forwarded-for") ?? "",
      },
      cache: "no-store",
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return null;
    const { user } = meResponseSchema.parse(await response.json());
    const exp = tokenExpiry(token);
    return { user, accessTokenExpiresAt: new Date((exp ?? 0) * 1000).toISOString() };
  } catch {
    return null;
  }
});
