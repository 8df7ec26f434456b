import { describe, expect, it } from "vitest";
import { webLog } from "./server/web-log.mjs";
import { withWebLogsAnswer } from "./server-logs";

const apiLine = {
  time: "2020-01-02T03:04:05.000Z",
  level: "info",
  tier: "api",
  message: "request",
  method: "GET",
  route: "/api/admin/server-status",
  status: 200,
  ms: 3,
};

function apiAnswer(status: number, body: unknown) {
  const text = JSON.stringify(body);
  const headers = new Headers({
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
    "x-request-id": "status-request-1",
  });
  headers.append("set-cookie", "a=1; Path=/");
  headers.append("set-cookie", "b=2; Path=/");
  return new Response(text, { status, headers });
}

describe("the server status answer with the web tier's lines", () => {
  it("merges this web process's recent lines into the API's, newest first, and keeps every other field", async () => {
    webLog().logger.warn({ requestId: "status-request-1" }, "a web tier line");
    const answer = await withWebLogsAnswer(
      apiAnswer(200, { status: "online", instance: "api:1", extra: { kept: true }, logs: [apiLine] }),
    );
    const body = await answer.json();
    expect(body).toMatchObject({ status: "online", instance: "api:1", extra: { kept: true } });
    expect(body.logs[0]).toEqual({
      time: expect.any(String),
      level: "warn",
      tier: "web",
      message: "a web tier line",
    });
    expect(body.logs.at(-1)).toEqual(apiLine);
    expect(answer.headers.get("content-length")).toBeNull();
    expect(answer.headers.get("x-request-id")).toBe("status-request-1");
    expect(answer.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("passes on any other answer as it is", async () => {
    const refused = apiAnswer(403, { error: { code: "FORBIDDEN", message: "no" } });
    expect(await withWebLogsAnswer(refused)).toBe(refused);
    const odd = apiAnswer(200, { logs: "not a list" });
    expect(await withWebLogsAnswer(odd)).toBe(odd);
    const notJson = new Response("<html>", { status: 200 });
    expect(await withWebLogsAnswer(notJson)).toBe(notJson);
  });
});
