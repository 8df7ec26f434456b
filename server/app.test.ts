import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createRoute } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./errors";
import { createTestApp, type TestApp } from "./testing/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Routes that exercise the shared error handling the real routes rely on.
  t.app.openapi(
    createRoute({
      method: "post",
      path: "/api/test/echo",
      request: {
        body: {
          content: {
            "application/json": { schema: z.object({ email: z.email(), age: z.number().int().min(1) }) },
          },
        },
      },
      responses: { 200: { description: "echo" } },
    }),
    (c) => c.json(c.req.valid("json"), 200),
  );
  t.app.get("/api/test/conflict", () => {
    throw new AppError("CONFLICT", "emailInUse");
  });
  // An answer passed on as fetched: its headers cannot be changed in place.
  t.app.get("/api/test/passed-on", () => fetch("data:text/plain,passed%20on"));
  t.app.get("/api/test/crash", () => {
    throw new Error("connection string postgres://admin:hunter2@db/internal failed at line 42");
  });
});

afterAll(() => t.close());

describe("error shape", () => {
  it("answers an unknown route with 404 and the error shape", async () => {
    const response = await t.app.request("/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "Resource not found." } });
  });

  it("answers invalid input with 422 and one detail per field", async () => {
    const response = await t.app.request("/api/test/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "not-an-email", age: 0 }),
    });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.error.code).toBe("VALIDATION_FAILED");
    const paths = body.error.details.issues.map((issue: { path: string }) => issue.path).sort();
    expect(paths).toEqual(["age", "email"]);
  });

  it("answers a malformed JSON body with 4xx, not 500", async () => {
    const response = await t.app.request("/api/test/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await response.json()).error.code).toMatch(/VALIDATION_FAILED|BAD_REQUEST/);
  });

  it("answers an AppError with its status, code and message", async () => {
    const response = await t.app.request("/api/test/conflict");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: "CONFLICT", reason: "emailInUse", message: "Email address is already in use." },
    });
  });

  it("answers an unexpected error with 500 and no internals", async () => {
    const response = await t.app.request("/api/test/crash");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: "INTERNAL", message: "An error occurred" } });
    expect(text).not.toMatch(/hunter2|line 42|stack|at /);
    // The details are kept for the operators, in the log.
    expect(t.deps.logs.recent().some((entry) => entry.message.startsWith("unhandled error: Error"))).toBe(
      true,
    );
  });

  it("sets nosniff, a CSP and no-store on API answers", async () => {
    const response = await t.app.request("/api/health");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("sets them on an answer whose headers cannot change, keeping its body", async () => {
    const response = await t.app.request("/api/test/passed-on");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("passed on");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("sets them through the Node server, and a route's own Cache-Control stays", async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    try {
      await new Promise((resolve) => server.once("listening", resolve));
      const { port } = server.address() as AddressInfo;
      const health = await fetch(`http://127.0.0.1:${port}/api/health`, {
        headers: { "x-request-id": "bench-check-0001" },
      });
      expect(await health.json()).toMatchObject({ status: "ok" });
      expect(health.headers.get("x-content-type-options")).toBe("nosniff");
      expect(health.headers.get("referrer-policy")).toBe("no-referrer");
      expect(health.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(health.headers.get("cache-control")).toBe("no-store");
      expect(health.headers.get("x-request-id")).toBe("bench-check-0001");
      const jwks = await fetch(`http://127.0.0.1:${port}/api/auth/jwks`);
      expect((await jwks.json()).keys.length).toBeGreaterThan(0);
      expect(jwks.headers.get("cache-control")).toBe("public, max-age=300");
      expect(jwks.headers.get("x-content-type-options")).toBe("nosniff");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("GET /api/health", () => {
  it("reports the database as ok", async () => {
    const response = await t.app.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: "ok" });
  });
});

describe("GET /api/openapi.json", () => {
  it("documents the routes from the same zod schemas", async () => {
    const response = await t.app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    const health = document.paths["/api/health"].get;
    expect(health.responses["200"].content["application/json"].schema.properties.database.enum).toEqual([
      "ok",
      "unavailable",
    ]);
  });
});

describe("database failure", () => {
  it("answers 503 without a stack when the database is gone", async () => {
    const broken = await createTestApp();
    await broken.deps.database.close();
    const response = await broken.app.request("/api/health");
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ status: "degraded", database: "unavailable" });
    expect(text).not.toMatch(/at .*\.ts|Error:/);
    await broken.close().catch(() => {});
  });
});
