import "server-only";
import { cookies, headers } from "next/headers";
import type { z } from "zod";
import { type ApiLoad, readApiError } from "@/lib/api/problem";
import { apiFetch } from "./api-transport";
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
 * Bearer token), with the reason when it fails: a page can then show the failure in the one
 * card it belongs to. NETWORK is no answer at all, INVALID_RESPONSE an answer of another shape.
 */
export async function apiLoadAsUser<T extends z.ZodType>(
  path: string,
  schema: T,
): Promise<ApiLoad<z.infer<T>>> {
  const token = await userAccessToken();
  if (!token) return { ok: false, error: { status: 401, code: "UNAUTHORIZED", message: "" } };
  return apiLoad(path, schema, { authorization: `Bearer ${token}` });
}

/**
 * The same GET for a public call, made for the visitor: their address and browser go along as
 * the BFF would send them (the API counts a referral link's visitors by both).
 */
export async function apiLoadAsVisitor<T extends z.ZodType>(
  path: string,
  schema: T,
): Promise<ApiLoad<z.infer<T>>> {
  const headerList = await headers();
  return apiLoad(path, schema, {
    "user-agent": headerList.get("user-agent") ?? "",
    "accept-language": headerList.get("accept-language") ?? "",
  });
}

async function apiLoad<T extends z.ZodType>(
  path: string,
  schema: T,
  extraHeaders: Record<string, string>,
): Promise<ApiLoad<z.infer<T>>> {
  const headerList = await headers();
  try {
    const response = await apiFetch(new URL(path, webEnv().API_URL), {
      headers: {
        ...extraHeaders,
        "x-forwarded-for": clientIpForApi(headerList, webEnv().CLIENT_IP_HEADER),
        // The same id as the page's request (web/server/web-server.mjs, proxy.ts), so the API's
        // log lines of a page view can be found from the web tier's.
        "x-request-id": safeRequestId(headerList.get("x-request-id")) ?? "",
      },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return { ok: false, error: await readApiError(response) };
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      return { ok: false, error: { status: response.status, code: "INVALID_RESPONSE", message: "" } };
    return { ok: true, data: parsed.data };
  } catch {
    return { ok: false, error: { status: 0, code: "NETWORK", message: "" } };
  }
}

/**
 * The same GET for pages that only need the answer: the parsed body, or null on any failure
 * (pages decide what a missing answer means, e.g. a failed status call shows every step missing).
 */
export async function apiGetAsUser<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T> | null> {
  const answer = await apiLoadAsUser(path, schema);
  return answer.ok ? answer.data : null;
}
