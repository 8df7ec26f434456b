import { authApi } from "../lib/api/auth";
// Sessions logged in on the API directly and the autocannon steps that rotate them there: the
// API half of the BFF refresh scenario's serial floor.
import { type RotatingRefresh, rotatingSteps, SEEDED_PASSWORD } from "./auth-load";

const SETUP_CONCURRENCY = 4;

export type ApiSession = { accessToken: string; refreshToken: string };

async function apiLogin(apiUrl: string, email: string): Promise<ApiSession> {
  const response = await fetch(new URL(authApi.login.path, apiUrl), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: SEEDED_PASSWORD }),
  });
  const body = (await response.json()) as Partial<ApiSession>;
  if (response.status !== 200 || !body.accessToken || !body.refreshToken) {
    throw new Error(`API login of ${email}: status ${response.status}`);
  }
  return { accessToken: body.accessToken, refreshToken: body.refreshToken };
}

/** Logs each email in on the API (a few at a time: each costs an argon2id verification). */
export async function apiLoginAll(apiUrl: string, emails: string[]): Promise<ApiSession[]> {
  const sessions: ApiSession[] = new Array(emails.length);
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const index = next++;
      sessions[index] = await apiLogin(apiUrl, emails[index] as string);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SETUP_CONCURRENCY, emails.length) }, worker));
  return sessions;
}

/**
 * POST /api/auth/refresh with `{ refreshToken }`, each connection rotating a session of its own
 * and sending the token of its last answer (as rotatingRefreshSteps does through the BFF with
 * the pp_rt cookie).
 */
export function rotatingApiRefreshSteps(sessions: ApiSession[]): RotatingRefresh {
  return rotatingSteps(
    sessions.map((session) => session.refreshToken),
    {
      headers: { "content-type": "application/json" },
      send: (request, token) => {
        request.body = JSON.stringify({ refreshToken: token });
      },
      newToken: (body) => {
        try {
          return (JSON.parse(body) as { refreshToken?: string }).refreshToken;
        } catch {
          return undefined;
        }
      },
    },
  );
}
