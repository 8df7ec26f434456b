import { createServer, type RequestListener, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { upstreamFetch } from "./upstream-http";

const servers: Server[] = [];

async function listen(handler: RequestListener): Promise<URL> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return new URL(`http://127.0.0.1:${address.port}`);
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const get = (url: URL, signal = new AbortController().signal) =>
  upstreamFetch(url, { method: "GET", headers: new Headers({ accept: "application/json" }), signal });

describe("the BFF's transport to the API", () => {
  it("answers a small body whole, with its status and every header", async () => {
    const url = await listen((request, response) => {
      response.setHeader("Set-Cookie", ["a=1", "b=2"]);
      response.writeHead(201, {
        "content-type": "application/json",
        "x-seen-accept": request.headers.accept,
      });
      response.end(JSON.stringify({ hello: "world" }));
    });

    const answer = await get(new URL("/api/x", url));

    expect(answer.status).toBe(201);
    expect(answer.headers.get("x-seen-accept")).toBe("application/json");
    expect(answer.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await answer.json()).toEqual({ hello: "world" });
  });

  it("keeps the connection to the API open between calls", async () => {
    const ports: number[] = [];
    const url = await listen((request, response) => {
      ports.push(request.socket.remotePort ?? 0);
      response.end("ok");
    });

    for (let call = 0; call < 3; call++) expect(await (await get(url)).text()).toBe("ok");

    expect(new Set(ports).size).toBe(1);
  });

  it("hands a large answer on as a stream before the API has finished sending it", async () => {
    let finish: () => void = () => {};
    const url = await listen((_request, response) => {
      response.writeHead(200, { "content-length": String(200 * 1024) });
      response.write(Buffer.alloc(100 * 1024, 1));
      finish = () => response.end(Buffer.alloc(100 * 1024, 2));
    });

    const answer = await get(url);
    expect(answer.status).toBe(200);
    finish();
    const bytes = new Uint8Array(await answer.arrayBuffer());

    expect(bytes.byteLength).toBe(200 * 1024);
    expect(bytes[0]).toBe(1);
    expect(bytes.at(-1)).toBe(2);
  });

  it("streams a request body to the API", async () => {
    const url = await listen((request, response) => {
      let size = 0;
      request.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      request.on("end", () => response.end(String(size)));
    });
    const chunks = 50;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (controller.desiredSize !== null && sent < chunks) {
          sent += 1;
          controller.enqueue(new Uint8Array(64 * 1024));
        } else if (sent >= chunks) controller.close();
      },
    });

    const answer = await upstreamFetch(url, {
      method: "POST",
      headers: new Headers({ "content-type": "application/octet-stream" }),
      body,
      signal: new AbortController().signal,
    });

    expect(await answer.text()).toBe(String(chunks * 64 * 1024));
  });

  it("gives up when its signal aborts before the API answers", async () => {
    const url = await listen(() => {
      // Never answers.
    });
    const controller = new AbortController();

    const pending = get(url, controller.signal);
    controller.abort(new Error("too slow"));

    await expect(pending).rejects.toThrow("too slow");
  });

  it("fails when nothing listens at the address", async () => {
    const url = await listen(() => {});
    const server = servers.pop();
    await new Promise((resolve) => server?.close(resolve));

    await expect(get(url)).rejects.toThrow(/ECONNREFUSED/);
  });

  it("answers no body for HEAD, 204 and 304", async () => {
    const url = await listen((request, response) => {
      response.writeHead(request.url === "/204" ? 204 : request.url === "/304" ? 304 : 200);
      response.end();
    });

    expect((await get(new URL("/204", url))).body).toBeNull();
    expect((await get(new URL("/304", url))).body).toBeNull();
    const head = await upstreamFetch(url, {
      method: "HEAD",
      headers: new Headers(),
      signal: new AbortController().signal,
    });
    expect(head.body).toBeNull();
  });

  it("never sends a declared length without a body, so the next call on the connection stays whole", async () => {
    const seen: { url?: string; length?: string; body: string }[] = [];
    const url = await listen((request, response) => {
      const entry = { url: request.url, length: request.headers["content-length"], body: "" };
      seen.push(entry);
      request.on("data", (chunk: Buffer) => {
        entry.body += chunk.toString();
      });
      request.on("end", () => response.end("ok"));
    });

    const smuggler = await upstreamFetch(new URL("/api/health", url), {
      method: "GET",
      headers: new Headers({ "content-length": "300" }),
      signal: new AbortController().signal,
    });
    expect(await smuggler.text()).toBe("ok");
    const next = await upstreamFetch(new URL("/api/auth/me", url), {
      method: "GET",
      headers: new Headers({ authorization: "Bearer victim" }),
      signal: new AbortController().signal,
    });

    expect(await next.text()).toBe("ok");
    expect(seen.map((entry) => entry.url)).toEqual(["/api/health", "/api/auth/me"]);
    expect(seen[0]?.length).toBeUndefined();
    expect(seen.every((entry) => entry.body === "")).toBe(true);
  });

  it("refuses a body longer than its declared length", async () => {
    const url = await listen((request, response) => {
      request.resume();
      request.on("end", () => response.end("read"));
    });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(500));
        controller.close();
      },
    });

    await expect(
      upstreamFetch(url, {
        method: "POST",
        headers: new Headers({ "content-length": "10" }),
        body,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow();
  });

  it("ends a call when the API goes silent mid-answer", async () => {
    const url = await listen((_request, response) => {
      response.writeHead(200, { "content-length": String(1024 * 1024) });
      response.write(Buffer.alloc(100 * 1024));
      // …and nothing more.
    });

    const answer = await upstreamFetch(url, {
      method: "GET",
      headers: new Headers(),
      signal: new AbortController().signal,
      idleTimeoutMs: 200,
    });

    await expect(answer.arrayBuffer()).rejects.toThrow();
  });

  it("fails a status no Response can carry instead of crashing", async () => {
    const url = await listen((_request, response) => {
      response.writeHead(205);
      response.end();
    });

    await expect(get(url)).rejects.toThrow("status 205");
  });
});
