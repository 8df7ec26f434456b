import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { lazy } from "@/components/forms/use-schema-form";
import { ApiProblem } from "@/lib/api/problem";
import { browserSessionSchema } from "@/lib/schemas/auth";
import { createApiClient } from "./client";

/**
 * A fake API on loopback: /api/data answers 401 until the session was refreshed, then the data.
 * The refresh is slow enough that parallel callers overlap with it.
 */
type State = {
  refreshed: boolean;
  refreshCalls: number;
  refreshStatus: number;
  dataCalls: number;
  loginCalls: number;
  alwaysUnauthorized: boolean;
};
let state: State;
let server: Server;
let baseUrl: string;

const session = browserSessionSchema.parse({
  user: {
    id: "00000000-0000-4000-8000-000000000001",
    email: "a@example.com",
    role: "user",
    userType: "personal",
    status: "active",
    firstName: "Ada",
    lastName: "Lovelace",
    fullName: "Ada Lovelace",
    name: "Ada Lovelace",
    companyName: null,
    language: "en",
    permissions: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    lastLogin: null,
  },
  accessTokenExpiresAt: new Date(Date.now() + 60_000).toISOString(),
});

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  let body = "";
  for await (const chunk of request) body += chunk;
  if (request.url === "/api/auth/refresh") {
    state.refreshCalls += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (state.refreshStatus !== 200)
      return send(response, state.refreshStatus, { error: { code: "UNAUTHORIZED", message: "no" } });
    state.refreshed = true;
    return send(response, 200, session);
  }
  if (request.url === "/api/data") {
    state.dataCalls += 1;
    if (!state.refreshed || state.alwaysUnauthorized)
      return send(response, 401, { error: { code: "UNAUTHORIZED", message: "Sign in" } });
    return send(response, 200, { value: 42 });
  }
  if (request.url === "/api/auth/login") {
    state.loginCalls += 1;
    return send(response, 401, { error: { code: "INVALID_CREDENTIALS", message: "Invalid credentials" } });
  }
  if (request.url === "/api/echo") return send(response, 200, { echoed: JSON.parse(body) });
  if (request.url === "/api/invalid")
    return send(response, 422, {
      error: {
        code: "VALIDATION_FAILED",
        message: "Check",
        details: { issues: [{ path: "email", message: "invalidEmail" }] },
      },
    });
  if (request.url === "/api/html") {
    response.writeHead(502, { "content-type": "text/html" });
    return response.end("<h1>Bad gateway</h1>");
  }
  if (request.url === "/api/wrong-shape") return send(response, 200, { value: "not a number" });
  send(response, 404, { error: { code: "NOT_FOUND", message: "Not found" } });
}

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  state = {
    refreshed: false,
    refreshCalls: 0,
    refreshStatus: 200,
    dataCalls: 0,
    loginCalls: 0,
    alwaysUnauthorized: false,
  };
});

const dataSchema = z.object({ value: z.number() });

function client() {
  const events = { refreshed: 0, expired: 0 };
  const api = createApiClient({ baseUrl });
  api.setSessionHooks({
    onRefreshed: () => {
      events.refreshed += 1;
    },
    onExpired: () => {
      events.expired += 1;
    },
  });
  return { api, events };
}

describe("api client session rule", () => {
  it("refreshes once on a 401 and retries the call once", async () => {
    const { api, events } = client();
    await expect(api.get("/api/data", dataSchema)).resolves.toEqual({ value: 42 });
    expect(state.refreshCalls).toBe(1);
    expect(state.dataCalls).toBe(2);
    expect(events).toEqual({ refreshed: 1, expired: 0 });
  });

  it("shares one refresh among parallel callers", async () => {
    const { api, events } = client();
    const results = await Promise.all(Array.from({ length: 5 }, () => api.get("/api/data", dataSchema)));
    expect(results).toEqual(Array.from({ length: 5 }, () => ({ value: 42 })));
    expect(state.refreshCalls).toBe(1);
    expect(events.refreshed).toBe(1);
  });

  it("ends the session once when the refresh fails, and throws the 401", async () => {
    state.refreshStatus = 401;
    const { api, events } = client();
    const results = await Promise.allSettled([
      api.get("/api/data", dataSchema),
      api.get("/api/data", dataSchema),
    ]);
    for (const result of results) {
      expect(result.status).toBe("rejected");
      const reason = (result as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiProblem);
      expect(reason).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    }
    expect(state.refreshCalls).toBe(1);
    expect(state.dataCalls).toBe(2);
    expect(events.expired).toBe(1);
  });

  it("ends the session when the retry is a 401 again, without a second refresh", async () => {
    state.alwaysUnauthorized = true;
    const { api, events } = client();
    await expect(api.get("/api/data", dataSchema)).rejects.toMatchObject({ status: 401 });
    expect(state.refreshCalls).toBe(1);
    expect(state.dataCalls).toBe(2);
    expect(events.expired).toBe(1);
  });

  it("does not refresh on other errors", async () => {
    const { api } = client();
    await expect(api.get("/api/missing", dataSchema)).rejects.toMatchObject({
      status: 404,
      code: "NOT_FOUND",
    });
    expect(state.refreshCalls).toBe(0);
  });
});

describe("api client calls that carry no session", () => {
  const login = (api: ReturnType<typeof createApiClient>) =>
    api.post("/api/auth/login", { email: "a@example.com", password: "wrong" }, browserSessionSchema, {
      anonymous: true,
    });

  it("gives a 401 of the login call back as its answer: no refresh, no retry, no logout", async () => {
    const { api, events } = client();
    await expect(login(api)).rejects.toMatchObject({ status: 401, code: "INVALID_CREDENTIALS" });
    expect(state.loginCalls).toBe(1);
    expect(state.refreshCalls).toBe(0);
    expect(events).toEqual({ refreshed: 0, expired: 0 });
  });

  it("the same for a raw fetch marked anonymous", async () => {
    const { api, events } = client();
    const response = await api.fetch("/api/auth/login", { method: "POST", body: "{}" }, { anonymous: true });
    expect(response.status).toBe(401);
    expect(state.refreshCalls).toBe(0);
    expect(events).toEqual({ refreshed: 0, expired: 0 });
  });

  it("still refreshes exactly once for a 401 elsewhere, also beside a refused login", async () => {
    const { api, events } = client();
    const [loginResult, data] = await Promise.allSettled([login(api), api.get("/api/data", dataSchema)]);
    expect(loginResult.status).toBe("rejected");
    expect(data).toEqual({ status: "fulfilled", value: { value: 42 } });
    expect(state.loginCalls).toBe(1);
    expect(state.refreshCalls).toBe(1);
    expect(state.dataCalls).toBe(2);
    expect(events).toEqual({ refreshed: 1, expired: 0 });
  });

  it("a 401 of the same login call without the mark would end the session", async () => {
    state.refreshStatus = 401;
    const { api, events } = client();
    await expect(
      api.post("/api/auth/login", { email: "a@example.com", password: "wrong" }, browserSessionSchema),
    ).rejects.toMatchObject({ status: 401 });
    expect(state.refreshCalls).toBe(1);
    expect(events.expired).toBe(1);
  });
});

describe("api client JSON helpers", () => {
  it("sends a JSON body and parses the answer with the schema", async () => {
    const { api } = client();
    const answer = await api.post("/api/echo", { a: 1 }, z.object({ echoed: z.object({ a: z.number() }) }));
    expect(answer.echoed.a).toBe(1);
  });

  it("throws one ApiProblem type with the field issues of a 422", async () => {
    const { api } = client();
    const problem = await api.post("/api/invalid", {}).catch((error: unknown) => error);
    expect(problem).toBeInstanceOf(ApiProblem);
    expect((problem as ApiProblem).issues).toEqual([{ path: "email", message: "invalidEmail" }]);
    expect((problem as ApiProblem).serverMessage).toBe("Check");
  });

  it("turns a body that is not the error shape into HTTP {status}", async () => {
    const { api } = client();
    await expect(api.get("/api/html", dataSchema)).rejects.toMatchObject({ status: 502, code: "HTTP_502" });
  });

  it("rejects an answer that does not match the schema", async () => {
    const { api } = client();
    await expect(api.get("/api/wrong-shape", dataSchema)).rejects.toMatchObject({ code: "INVALID_RESPONSE" });
  });

  it("checks the answer with a schema loaded at the call (lazy), and rejects a wrong shape the same way", async () => {
    const { api } = client();
    let loads = 0;
    const later = lazy(async () => {
      loads += 1;
      return z.object({ echoed: z.object({ a: z.number() }) });
    });
    expect(loads).toBe(0);
    expect((await api.post("/api/echo", { a: 2 }, later)).echoed.a).toBe(2);
    await expect(api.post("/api/echo", { a: "two" }, later)).rejects.toMatchObject({
      code: "INVALID_RESPONSE",
    });
    expect(loads).toBe(1);
  });

  it("reports an unreachable API as NETWORK", async () => {
    const api = createApiClient({ baseUrl: "http://127.0.0.1:9" });
    await expect(api.get("/api/data", dataSchema)).rejects.toMatchObject({ status: 0, code: "NETWORK" });
  });
});
