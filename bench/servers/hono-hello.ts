// The floor: a bare Hono app on @hono/node-server, nothing else. Run by bench/run.ts in a child
// process: `PORT=4100 node --import tsx bench/servers/hono-hello.ts`.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error("hono-hello: set PORT to a free port");
  process.exit(1);
}

const app = new Hono().get("/", (c) => c.json({ hello: "world" }));

const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, (info) => {
  console.error(`hono-hello listening on 127.0.0.1:${info.port}`);
});

process.on("SIGTERM", () => server.close(() => process.exit(0)));
process.on("SIGINT", () => server.close(() => process.exit(0)));
