#!/usr/bin/env node
// `npm start`: builds the web tier and the API bundle when missing or older than their sources
// (`npm run build` does both up front), starts the built API and the web tier, waits until both
// answer, and prints the URL. Ctrl-C stops both. In a release install (the built output without
// the sources) it never builds: it starts what is there. `npm run dev` starts both from the
// sources with hot reload and no build.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { shutdownTimings } from "../web/server/graceful-stop.mjs";
import { createWebLog } from "../web/server/web-log.mjs";
import { apiBuildDir, apiBuildIsCurrent, buildApi, hasApiSources } from "./api-build.mjs";
import { exitOnUnsupportedNode } from "./node-version.mjs";

exitOnUnsupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const setting = (name, fallback) => (process.env[name] ? process.env[name] : fallback);
// What it says on stdout is in the web tier's format, among the lines of both tiers; errors
// stay plain text on stderr.
const { logger: log } = createWebLog({ level: process.env.LOG_LEVEL });

const webPort = Number(setting("PORT", "3000"));
const apiPort = Number(setting("API_PORT", "4000"));
const apiUrl = setting("API_URL", `http://127.0.0.1:${apiPort}`);
const publicUrl = setting("PUBLIC_URL", `http://localhost:${webPort}`);
// On a signal both tiers answer readiness 503 for the shutdown delay while serving on, then drain
// (web/server/graceful-stop.mjs, server/main.ts). `npm run dev` has no balancer to wait for.
let shutdown;
try {
  shutdown = shutdownTimings({
    SHUTDOWN_DELAY_SECONDS: setting("SHUTDOWN_DELAY_SECONDS", dev ? "0" : undefined),
    SHUTDOWN_GRACE_SECONDS: process.env.SHUTDOWN_GRACE_SECONDS,
  });
} catch (error) {
  console.error(`Invalid configuration:\n  ${error.message}`);
  process.exit(1);
}
// The API closes its port this much after the web tier: a page that began rendering just before
// the web tier stopped taking connections still gets its data (uploads are already under way at
// the API and run to their end anyway).
const API_EXTRA_DELAY_SECONDS = 2;
const webDelaySeconds = shutdown.delayMs / 1000;
const apiDelaySeconds = webDelaySeconds > 0 ? webDelaySeconds + API_EXTRA_DELAY_SECONDS : 0;
const childEnv = {
  NEXT_TELEMETRY_DISABLED: "1",
  ...process.env,
  PORT: String(webPort),
  API_PORT: String(apiPort),
  API_URL: apiUrl,
  PUBLIC_URL: publicUrl,
};

const SOURCES = [
  "app",
  "components",
  "lib",
  "web",
  "messages",
  "i18n",
  "proxy.ts",
  "next.config.mjs",
  "global.d.ts",
  "package.json",
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function buildIfNeeded() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  if (!fs.existsSync(path.join(root, "app"))) {
    if (builtAt) return;
    console.error("The web tier is not built (.next is missing) and its sources are not here.");
    process.exit(1);
  }
  const changedAt = Math.max(...SOURCES.map(newestMtime));
  if (builtAt > changedAt) return;
  log.info(builtAt ? "sources changed since the last build: building the web tier" : "building the web tier");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...childEnv, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The web build failed; see above.");
    process.exit(result.status ?? 1);
  }
}

const children = new Set();
let stopping = false;

function run(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: "inherit" });
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(
        `The ${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping everything.`,
      );
      stop(code || 1);
    }
  });
  return child;
}

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  // The tiers serve on through their shutdown delay and let requests under way finish within
  // SHUTDOWN_GRACE_SECONDS; only then force them.
  const deadline = setTimeout(
    () => {
      for (const child of children) child.kill("SIGKILL");
      process.exit(exitCode);
    },
    apiDelaySeconds * 1000 + shutdown.graceMs + 10_000,
  );
  const wait = setInterval(() => {
    if (children.size === 0) {
      clearInterval(wait);
      clearTimeout(deadline);
      process.exit(exitCode);
    }
  }, 100);
}

async function waitFor(url, what, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (stopping) return;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`The ${what} did not answer at ${url} within ${timeoutMs / 1000} s; stopping.`);
  stop(1);
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

async function buildApiIfNeeded() {
  if (apiBuildIsCurrent()) return;
  if (!hasApiSources()) {
    console.error("The API is not built (dist/api is missing) and its sources are not here.");
    process.exit(1);
  }
  log.info("building the API");
  try {
    await buildApi();
  } catch (error) {
    console.error(`The API build failed: ${error.message}`);
    process.exit(1);
  }
}

if (!dev) {
  buildIfNeeded();
  await buildApiIfNeeded();
}

const apiArgs = dev ? ["--import", "tsx", "--watch", "server/main.ts"] : [path.join(apiBuildDir, "main.mjs")];
// NODE_ENV=production also turns on the API's refusal of an insecure configuration; an
// end-to-end run says NODE_ENV=test to keep its seeding token.
const apiMode = dev ? "development" : process.env.NODE_ENV === "test" ? "test" : "production";
run("API", apiArgs, { ...childEnv, NODE_ENV: apiMode, SHUTDOWN_DELAY_SECONDS: String(apiDelaySeconds) });
await waitFor(`${apiUrl}/api/health`, "API");

run("web tier", [path.join(root, "web/server/web-server.mjs"), ...(dev ? ["--dev"] : [])], {
  ...childEnv,
  SHUTDOWN_DELAY_SECONDS: String(webDelaySeconds),
  NODE_ENV: dev ? "development" : "production",
});
await waitFor(`http://127.0.0.1:${webPort}/api/health`, "web tier");

if (!stopping) {
  log.info({ url: publicUrl, apiUrl }, `Partner platform is running at ${publicUrl} (Ctrl-C stops both)`);
}
