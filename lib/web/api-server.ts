import "server-only";
import { cookies, headers } from "next/headers";
import type { z } from "zod";
import { clientIpForApi } from "./client-ip";
import { webEnv } from "./env";
import { safeRequestId } from "./log";
import { sessionCookieNames } from "./session-cookies";

/** The signed-in user's access token from their httpOnly cookie, if any. */
export async function userAccessToken(): Promise<string | undefined> {
  const https = ((await headers()).get("x-forwarded-proto") ?? "").startsWith("https");
  return (await cookies()).get(sessionCookieNames(https).access)?.value;
}

/**
 * A GET to the API from a server component, as the signed-in user (their access cookie as a
 * Bearer token). Returns the parsed body, or null on any failure: pages decide what a missing
 * answer means (spec §4: a failed status call shows every step missing).
 */
export async function apiGetAsUser<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T> | null> {
  const headerList = await headers();
  const token = await userAccessToken();
  if (!token) return null;
  try {
    const response = await fetch(new URL(path, webEnv().API_URL), {
      headers: {
        authorization: `Bearer ${token}`,
        "x-forwarded-for": clientIpForApi(headerList, webEnv().CLIENT_IP_HEADER),
        // The same id as the page's request (scripts/web-server.mjs, proxy.ts), so the API's
        // log lines of a page view can be found from the web tier's.
        "x-request-id": safeRequestId(headerList.get("x-request-id")) ?? "",
      },
      cache: "no-store",
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return null;
    const parsed = schema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
