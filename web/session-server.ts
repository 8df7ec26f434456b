import "server-only";
import { redirect } from "next/navigation";
import { cache } from "react";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { type BrowserSession, meResponseSchema } from "@/lib/schemas/auth";
import { tokenExpiry } from "./access-token";
import { apiGetAsUser, userAccessToken } from "./api-server";

/**
 * The session as the API knows it now (server components re-check what proxy.ts let through):
 * the access cookie is sent to authApi.me, which reads the user from the database.
 * Once per request (React cache).
 */
export const getSession = cache(async (): Promise<BrowserSession | null> => {
  const token = await userAccessToken();
  if (!token) return null;
  const me = await apiGetAsUser(apiPath(authApi.me), meResponseSchema);
  if (!me) return null;
  return { user: me.user, accessTokenExpiresAt: new Date((tokenExpiry(token) ?? 0) * 1000).toISOString() };
});

/** The session of a page that needs a signed-in user; anyone else goes to the login page. */
export async function requireSession(): Promise<BrowserSession> {
  const session = await getSession();
  if (!session) redirect("/login");
  return session;
}
