import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { apiFetch, IDLE_CONNECTION_MS } from "./api-transport";

// A real HTTP server on loopback stands in for the API.

const servers: Server[] = [];

async function listen(handler: RequestListener, keepAliveTimeout = 5_000): Promise<string> {
  const server = createServer({ keepAliveTimeout }, handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("apiFetch", () => {
  it("sends method, headers and body, and answers with status, headers and the JSON body", async () => {
    let seen: { method?: string; contentType?: string; encoding?: string; body: string } = { body: "" };
    const url = await listen((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        seen = {
          method: request.method,
          contentType: request.headers["content-type"],
          encoding: request.headers["accept-encoding"],
          body,
        };
        response.writeHead(201, { "content-type": "application/json", etag: '"v1"' });
        response.end(JSON.stringify({ ok: true }));
      });
    });

    const answer = await apiFetch(`${url}/api/thing?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ann" }),
    });

    expect(answer.status).toBe(201);
    expect(answer.headers.get("etag")).toBe('"v1"');
    expect(await answer.json()).toEqual({ ok: true });
    // No compression is asked for, so what the API sends is what the browser gets.
    expect(seen).toEqual({
      method: "POST",
      contentType: "application/json",
      encoding: undefined,
      body: '{"name":"Ann"}',
    });
  });

  it("sends a streamed body chunk by chunk", async () => {
    let received = "";
    const url = await listen((request, response) => {
      request.on("data", (chunk) => {
        received += chunk;
      });
      request.on("end", () => response.end("done"));
    });
    const parts = ["first,", "second,", "third"];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts.shift();
        if (part === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(part));
      },
    });

    const answer = await apiFetch(`${url}/upload`, { method: "PUT", body });

    expect(await answer.text()).toBe("done");
    expect(received).toBe("first,second,third");
  });

  it("keeps the connection alive: calls in a row share one socket", async () => {
    const ports = new Set<number>();
    const url = await listen((request, response) => {
      ports.add(request.socket.remotePort ?? 0);
      response.end("ok");
    });

    for (let call = 0; call < 5; call += 1) {
      const answer = await apiFetch(`${url}/api/health`);
      expect(await answer.text()).toBe("ok");
    }

    expect(ports.size).toBe(1);
  });

  it("gives no body for a 204 and a HEAD, and does not follow a redirect", async () => {
    const url = await listen((request, response) => {
      if (request.url === "/gone") response.writeHead(204).end();
      else if (request.url === "/moved")
        response.writeHead(302, { location: "/api/files/x" }).end("see there");
      else
        response
          .writeHead(200, { "content-length": "5" })
          .end(request.method === "HEAD" ? undefined : "hello");
    });

    expect((await apiFetch(`${url}/gone`)).body).toBeNull();
    const head = await apiFetch(`${url}/thing`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    const moved = await apiFetch(`${url}/moved`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/api/files/x");
  });

  it("fails the call when the API's connection drops in the middle of its answer", async () => {
    const url = await listen((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      response.write('{"partial":');
      setTimeout(() => response.socket?.destroy(), 20);
    });

    await expect(apiFetch(`${url}/api/thing`)).rejects.toThrow();
  });

  it("ends the call when its signal aborts, before or during the answer", async () => {
    const url = await listen(() => {
      // Never answers.
    });
    const controller = new AbortController();
    const pending = apiFetch(`${url}/api/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(pending).rejects.toThrow();

    await expect(apiFetch(`${url}/api/slow`, { signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it("closes a connection idle for a while before the API would, so no call is written onto one the API is dropping", async () => {
    const ports: number[] = [];
    // This API keeps idle connections longer than Node's 5 s, to show that the client lets go first.
    const url = await listen((request, response) => {
      ports.push(request.socket.remotePort ?? 0);
      response.end("ok");
    }, 30_000);

    await (await apiFetch(`${url}/api/health`)).text();
    await new Promise((resolve) => setTimeout(resolve, IDLE_CONNECTION_MS + 500));
    await (await apiFetch(`${url}/api/health`)).text();

    expect(IDLE_CONNECTION_MS).toBeLessThan(5_000);
    expect(ports).toHaveLength(2);
    expect(ports[1]).not.toBe(ports[0]);
  }, 15_000);

  it("still receives an answer that takes longer than the idle limit", async () => {
    const url = await listen((_request, response) => {
      setTimeout(() => response.end("late"), IDLE_CONNECTION_MS + 300);
    });

    expect(await (await apiFetch(`${url}/api/slow`)).text()).toBe("late");
  }, 15_000);

  it("sends a GET once more on a fresh connection when its kept-alive one was dropped under it, never a POST", async () => {
    const served = new Map<unknown, number>();
    // The second request on a connection finds it closed without an answer, as when the API
    // drops an idle connection at the moment a call is written onto it.
    const url = await listen((request, response) => {
      const count = (served.get(request.socket) ?? 0) + 1;
      served.set(request.socket, count);
      if (count === 2) request.socket.destroy();
      else response.end(request.method);
    });

    await (await apiFetch(`${url}/api/first`)).text();
    expect(await (await apiFetch(`${url}/api/again`)).text()).toBe("GET");

    await (await apiFetch(`${url}/api/first`)).text();
    await expect(apiFetch(`${url}/api/refresh`, { method: "POST", body: "{}" })).rejects.toThrow();
  });

  it("rejects when nothing listens at the API's address", async () => {
    const url = await listen(() => undefined);
    const closed = servers.pop() as Server;
    await new Promise((resolve) => closed.close(resolve));

    await expect(apiFetch(`${url}/api/health`)).rejects.toThrow();
  });
});
