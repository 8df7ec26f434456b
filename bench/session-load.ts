// Sessions logged in on the API directly and the autocannon steps that rotate them there: the
// API half of the BFF refresh scenario's serial floor.
import type { RawRequest, RequestStep } from "autocannon";
import { SEEDED_PASSWORD } from "./auth-load";

const SETUP_CONCURRENCY = 4;

export type ApiSession = { accessToken: string; refreshToken: string };

async function apiLogin(apiUrl: string, email: string): Promise<ApiSession> {
  const response = await fetch(new URL("/api/auth/login", apiUrl), {
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

type ConnectionState = { refreshToken?: string };

/**
 * POST /api/auth/refresh with `{ refreshToken }`, each connection rotating a session of its own
 * and sending the token of its last answer (as rotatingRefreshSteps does through the BFF with
 * the pp_rt cookie; autocannon deep-copies the step per connection, so `connection` is one
 * connection's state).
 */
export function rotatingApiRefreshSteps(sessions: ApiSession[]) {
  let claimed = 0;
  let missingToken = 0;
  let repeatedTokens = 0;
  const sent = new Set<string>();
  const step: RequestStep & { connection: ConnectionState } = {
    method: "POST",
    path: "/api/auth/refresh",
    headers: { "content-type": "application/json" },
    connection: {},
    setupRequest: (request, context) => {
      const connection = (request as RawRequest & { connection: ConnectionState }).connection;
      if (connection.refreshToken === undefined) {
        connection.refreshToken = sessions[claimed]?.refreshToken ?? "";
        claimed += 1;
      }
      context.connection = connection;
      if (sent.has(connection.refreshToken)) repeatedTokens += 1;
      else sent.add(connection.refreshToken);
      request.body = JSON.stringify({ refreshToken: connection.refreshToken });
      return request;
    },
    onResponse: (_status, body, context) => {
      const connection = context.connection as ConnectionState | undefined;
      let refreshToken: string | undefined;
      try {
        refreshToken = (JSON.parse(body) as { refreshToken?: string }).refreshToken;
      } catch {
        refreshToken = undefined;
      }
      if (connection && refreshToken) connection.refreshToken = refreshToken;
      else missingToken += 1;
    },
  };
  return {
    steps: [step],
    claimed: () => claimed,
    missingToken: () => missingToken,
    repeatedTokens: () => repeatedTokens,
  };
}
