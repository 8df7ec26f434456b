import fs from "node:fs";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { baseURL, e2e } from "../e2e-env";

// One anonymous request with a huge chunked body must not grow the web tier: the BFF reads at
// most 64 KB of a body, whether it parses it itself or forwards it, answers 413 and closes the
// connection.

/** The pid of the process listening on a TCP port, found through /proc (no extra tools). */
function listenerPid(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local address is field 1 (ADDR:PORT), state 0A is LISTEN, inode is field 9.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === "0A" && fields[9]) inodes.add(fields[9]);
    }
  }
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      } catch {}
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb * 1024;
}

/**
 * Sends `total` bytes chunked (no Content-Length) over a raw socket and resolves with what the
 * server answered. A raw socket, because the server may close the connection while the body is
 * still being written, which an HTTP client reports as an error before it reads the answer.
 */
function chunkedPost(path: string, total: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseURL);
    const socket = net.connect(Number(url.port), "127.0.0.1");
    const received: Buffer[] = [];
    let sent = 0;
    let finished = false;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const frame = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from("\r\n"),
    ]);
    const answer = () => {
      const text = Buffer.concat(received).toString("utf8");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const bodyStart = text.indexOf("\r\n\r\n");
      let body = bodyStart === -1 ? "" : text.slice(bodyStart + 4);
      // A chunked answer: keep the JSON between the chunk-size lines.
      const json = /\{[\s\S]*\}/.exec(body);
      body = json ? json[0] : body;
      return { status, body };
    };
    const finish = () => {
      if (finished) return;
      finished = true;
      socket.destroy();
      const result = answer();
      if (result.status) resolve(result);
      else reject(new Error("no HTTP answer"));
    };
    const pump = () => {
      while (!finished && sent < total) {
        sent += chunk.length;
        if (!socket.write(frame)) return void socket.once("drain", pump);
      }
      if (!finished && sent >= total) socket.write("0\r\n\r\n");
    };
    socket.on("connect", () => {
      socket.write(
        `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
          `Origin: ${baseURL}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      pump();
    });
    socket.on("data", (data: Buffer) => {
      received.push(data);
      // The whole answer is in once the JSON body closes.
      if (/\r\n\r\n[\s\S]*\}/.test(Buffer.concat(received).toString("utf8"))) finish();
    });
    // The server closing mid-upload (EPIPE, reset) is the expected end once it has answered.
    socket.on("error", finish);
    socket.on("close", finish);
    socket.setTimeout(10_000, finish);
  });
}

test.describe("unbounded bodies in the BFF", () => {
  for (const path of ["/api/auth/login", "/api/auth/login-code/verify", "/api/referral/create"]) {
    test(`20 MB chunked to ${path}: 413 within a second, web tier memory flat`, async () => {
      const pid = listenerPid(e2e.webPort);
      // Warm the route once so its code is loaded before the baseline is read.
      await chunkedPost(path, 1024);
      const before = rssBytes(pid);
      const started = Date.now();

      const answer = await chunkedPost(path, 20 * 1024 * 1024);

      const elapsed = Date.now() - started;
      const growth = rssBytes(pid) - before;
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
      expect(elapsed).toBeLessThan(1_000);
      expect(growth).toBeLessThan(30 * 1024 * 1024);
    });
  }
});
