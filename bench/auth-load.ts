// Users, sessions and request steps for the login and session scenarios: seeding through the
// API's test route (E2E_SEED_TOKEN), logging in through the BFF, and the autocannon steps that
// log in round-robin or rotate one session per connection.
import crypto from "node:crypto";
import type { RawRequest, RequestStep } from "autocannon";
import { authApi } from "../lib/api/auth";
import { TEST_SEED_PREFIX } from "../lib/api/system";

export const SEEDED_PASSWORD = "Bench-password-1";
// Each seed and each login hashes or verifies one argon2id password (≈ 50 ms of a core): a few
// at a time keeps both cores busy without piling up in the API's thread pool.
const SETUP_CONCURRENCY = 4;

/** A token for E2E_SEED_TOKEN (the API wants 16 characters or more). */
export function createSeedToken(): string {
  return crypto.randomBytes(24).toString("base64url");
}

function seededEmail(label: string, index: number): string {
  return `bench.${label}.${index}@example.com`;
}

/** Runs `task` for 0..count-1 with at most `limit` at once; rejects on the first failure. */
async function inParallel<T>(
  count: number,
  limit: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

/** Creates `count` active users with SEEDED_PASSWORD via POST /api/test/users; returns their emails. */
export async function seedUsers(apiUrl: string, seedToken: string, label: string, count: number) {
  return inParallel(count, SETUP_CONCURRENCY, async (index) => {
    const email = seededEmail(label, index);
    const response = await fetch(new URL(`${TEST_SEED_PREFIX}/users`, apiUrl), {
      method: "POST",
      headers: { "content-type": "application/json", "x-seed-token": seedToken },
      body: JSON.stringify({ email, password: SEEDED_PASSWORD, firstName: `Bench ${index}` }),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`seeding ${email}: status ${response.status}: ${text}`);
    return email;
  });
}

/** The value of cookie `name` as set (still URL-encoded, as a browser sends it back). */
function setCookieValue(setCookies: readonly string[], name: string): string | undefined {
  for (const cookie of setCookies) {
    const pair = cookie.split(";", 1)[0] ?? "";
    const index = pair.indexOf("=");
    if (index > 0 && pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim();
  }
  return undefined;
}

export type BffSession = { accessCookie: string; refreshCookie: string };

/** Logs in through the BFF (POST /api/auth/login with our Origin) and keeps the two cookies. */
export async function bffLogin(webUrl: string, email: string): Promise<BffSession> {
  const response = await fetch(new URL(authApi.login.path, webUrl), {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(webUrl).origin },
    body: JSON.stringify({ email, password: SEEDED_PASSWORD }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`BFF login of ${email}: status ${response.status}: ${text}`);
  const setCookies = response.headers.getSetCookie();
  const accessCookie = setCookieValue(setCookies, "pp_at");
  const refreshCookie = setCookieValue(setCookies, "pp_rt");
  if (!accessCookie || !refreshCookie) {
    throw new Error(`BFF login of ${email} set no pp_at/pp_rt cookies (${setCookies.join(" | ")})`);
  }
  return { accessCookie, refreshCookie };
}

export async function bffLoginAll(webUrl: string, emails: string[]): Promise<BffSession[]> {
  return inParallel(emails.length, SETUP_CONCURRENCY, (index) => bffLogin(webUrl, emails[index] as string));
}

/**
 * POST /api/auth/login with the next user's email for every request, all connections sharing
 * one counter: with fewer connections than users, no account ever has two logins in flight
 * (the per-account throttle counts attempts in flight). Each account signs in from a browser of
 * its own, as members do: the device token its last answer carried goes back with the next
 * sign-in (x-device-token, what the web tier forwards from the device cookie), so only an
 * account's first sign-in here is from a new browser. `signIns().newBrowser` counts the sign-ins
 * that sent no token (the first of each account).
 */
export function roundRobinLoginSteps(emails: string[]) {
  let next = 0;
  let newBrowser = 0;
  const deviceTokens = new Map<string, string>();
  const steps: RequestStep[] = [
    {
      method: "POST",
      path: authApi.login.path,
      headers: { "content-type": "application/json" },
      setupRequest: (request, context) => {
        const email = emails[next++ % emails.length] as string;
        context.email = email;
        request.body = JSON.stringify({ email, password: SEEDED_PASSWORD });
        const token = deviceTokens.get(email);
        if (token) request.headers = { ...request.headers, "x-device-token": token };
        else newBrowser += 1;
        return request;
      },
      onResponse: (_status, body, context) => {
        const token = (JSON.parse(body || "{}") as { deviceToken?: unknown }).deviceToken;
        if (typeof token === "string") deviceTokens.set(context.email as string, token);
      },
    },
  ];
  return Object.assign(steps, { signIns: () => ({ newBrowser }) });
}

type ConnectionState = { token?: string };

export type RotatingRefresh = {
  steps: RequestStep[];
  /** How many sessions there were to take. */
  sessions: number;
  /** Sessions taken from the pool, one per connection (warm-up and measured run each). */
  claimed(): number;
  /** Answers without a new refresh token (the connection would then replay its old one). */
  missingToken(): number;
  /** Requests that sent a token sent before (the API's grace window or replay path, no rotation). */
  repeatedTokens(): number;
};

type OnResponse = NonNullable<RequestStep["onResponse"]>;

/**
 * POST /api/auth/refresh, each connection with a session of its own: the first request of a
 * connection takes the next unused one of `tokens`, and every answer's new token replaces the
 * one sent, so every request rotates the token it got last, as a browser would. `send` puts the
 * token on the request, `newToken` finds the next one in the answer. Per-connection state works
 * because autocannon gives each connection a deep copy of the steps (the `connection` object
 * below is copied, the functions are shared): setupRequest sees the copy as a property of the
 * request, and hands it to onResponse through the context, which lasts from one request's setup
 * to its answer.
 */
export function rotatingSteps(
  tokens: string[],
  how: {
    headers: Record<string, string>;
    send(request: RawRequest, token: string): void;
    newToken(body: string, headers: Parameters<OnResponse>[3]): string | undefined;
  },
): RotatingRefresh {
  let claimed = 0;
  let missingToken = 0;
  let repeatedTokens = 0;
  const sent = new Set<string>();
  const step: RequestStep & { connection: ConnectionState } = {
    method: "POST",
    path: authApi.refresh.path,
    headers: how.headers,
    connection: {},
    setupRequest: (request, context) => {
      const connection = (request as RawRequest & { connection: ConnectionState }).connection;
      if (connection.token === undefined) {
        // Out of sessions (more connections than logged in): the request goes without a token
        // and its 401 shows up as an unexpected status.
        connection.token = tokens[claimed] ?? "";
        claimed += 1;
      }
      context.connection = connection;
      if (sent.has(connection.token)) repeatedTokens += 1;
      else sent.add(connection.token);
      how.send(request, connection.token);
      return request;
    },
    onResponse: (_status, body, context, headers) => {
      const connection = context.connection as ConnectionState | undefined;
      const token = how.newToken(body, headers);
      if (connection && token) connection.token = token;
      else missingToken += 1;
    },
  };
  return {
    steps: [step],
    sessions: tokens.length,
    claimed: () => claimed,
    missingToken: () => missingToken,
    repeatedTokens: () => repeatedTokens,
  };
}

/** Refresh rotation through the BFF, with the pp_rt cookie (see rotatingSteps). */
export function rotatingRefreshSteps(sessions: BffSession[], origin: string): RotatingRefresh {
  return rotatingSteps(
    sessions.map((session) => session.refreshCookie),
    {
      headers: { origin },
      send: (request, token) => {
        request.headers = { ...request.headers, cookie: `pp_rt=${token}` };
      },
      newToken: (_body, headers) => {
        const raw = Object.entries(headers).find(([name]) => name.toLowerCase() === "set-cookie")?.[1];
        return setCookieValue(typeof raw === "string" ? [raw] : (raw ?? []), "pp_rt");
      },
    },
  );
}
