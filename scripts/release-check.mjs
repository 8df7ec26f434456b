#!/usr/bin/env node
// Proves the release build runs where only it and the production dependencies are: builds
// (`npm run build`), copies the built output with package.json and package-lock.json to a fresh
// folder, installs there with `npm ci --omit=dev`, starts it the way the Dockerfile does
// (`node scripts/start.mjs`, NODE_ENV=production) on free ports with an empty DATA_DIR, and
// checks that the API's health answers, the login page renders its form, the configured admin
// signs in through the web tier and renders a contract preview PDF, the app starts again on its
// data, and `npm run cli` creates an admin and takes a backup.
// Prints the sizes, the start times and each tier's idle memory.
//
//   node scripts/release-check.mjs [--skip-build] [--keep]
// --skip-build uses the build already in place; --keep leaves the folder for a look.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Secret, TOTP } from "otpauth";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const skipBuild = process.argv.includes("--skip-build");
const keep = process.argv.includes("--keep");

/** What a release consists of; the Dockerfile's runtime stage copies the same. */
export const RELEASE_FILES = [
  ".next",
  "dist",
  "public",
  "scripts",
  "lib/runtime",
  "web/server",
  "next.config.mjs",
  "i18n",
  "package.json",
  "package-lock.json",
];
// Not part of a release: the build cache and the development server's output.
const SKIPPED = new Set([path.join(".next", "cache"), path.join(".next", "dev")]);

const admin = { email: "release-admin@example.com", password: "Release-Check-Passw0rd!" };

class CheckFailed extends Error {}
function fail(message) {
  throw new CheckFailed(message);
}

function sizeOf(folder) {
  const result = spawnSync("du", ["-sk", folder], { encoding: "utf8" });
  return Number(result.stdout.split(/\s/)[0]) * 1024;
}
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) fail(`${command} ${args.join(" ")} exited with ${result.status}`);
}

async function waitUntilOk(url, deadline, alive) {
  while (Date.now() < deadline) {
    if (!alive()) fail(`the app stopped before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail(`${url} did not answer in time`);
}

/** Resident memory of a process, from /proc (Linux). */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}
/** The processes whose parent is `pid`, with their command lines, from /proc (no `ps` needed). */
function childrenOf(pid) {
  const children = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in field 2 may hold spaces and parentheses: the fields after it are
      // read from the last ")".
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent !== pid) continue;
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ");
      children.push({ pid: Number(entry), args });
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

async function stopApp(app) {
  if (app.exitCode !== null || app.signalCode !== null) return;
  const exited = new Promise((resolve) => app.once("exit", resolve));
  app.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
}

/** Starts the release the Dockerfile's way (node itself, not npm, so signals reach it). */
async function startApp(release, env) {
  console.info(`== node scripts/start.mjs (web ${env.PORT}, API ${env.API_PORT})`);
  const started = Date.now();
  const app = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: release,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const alive = () => app.exitCode === null && app.signalCode === null;
  const deadline = Date.now() + 120_000;
  await waitUntilOk(`http://127.0.0.1:${env.API_PORT}/api/health`, deadline, alive);
  const apiMs = Date.now() - started;
  await waitUntilOk(`http://127.0.0.1:${env.PORT}/api/health`, deadline, alive);
  return { app, apiMs, bothMs: Date.now() - started };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  if (!skipBuild) run("npm", ["run", "build"], { cwd: root });
  for (const required of [".next/BUILD_ID", "dist/api/main.mjs", "dist/api/cli.mjs"]) {
    if (!fs.existsSync(path.join(root, required))) fail(`${required} is missing: run npm run build`);
  }

  const release = fs.mkdtempSync(path.join(os.tmpdir(), "release-check-"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "release-data-"));
  let app;
  try {
    for (const entry of RELEASE_FILES) {
      const from = path.join(root, entry);
      if (!fs.existsSync(from)) continue;
      fs.cpSync(from, path.join(release, entry), {
        recursive: true,
        preserveTimestamps: true,
        filter: (source) => !SKIPPED.has(path.relative(root, source)) && !/\.test\.[cm]?[jt]s$/.test(source),
      });
    }
    const webBytes = sizeOf(path.join(release, ".next"));
    const apiBytes = sizeOf(path.join(release, "dist"));

    // `npm ci`, as the Dockerfile: exactly the lockfile, which must be in step with package.json.
    console.info(`== npm ci --omit=dev in ${release}`);
    run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"], { cwd: release });
    for (const devOnly of ["tsx", "typescript", "esbuild", "vitest"]) {
      if (fs.existsSync(path.join(release, "node_modules", devOnly))) {
        fail(`node_modules/${devOnly} is installed without devDependencies: something still needs it`);
      }
    }
    const modulesBytes = sizeOf(path.join(release, "node_modules"));

    const webPort = await freePort();
    const apiPort = await freePort();
    const publicUrl = `http://localhost:${webPort}`;
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(webPort),
      API_PORT: String(apiPort),
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: "warn",
    };
    const first = await startApp(release, env);
    app = first.app;
    const health = await (await fetch(`http://127.0.0.1:${apiPort}/api/health`)).json();
    if (health.status !== "ok") fail(`API health: ${JSON.stringify(health)}`);

    const login = await fetch(`${publicUrl}/login`);
    const page = await login.text();
    if (login.status !== 200 || !/<form[\s>]/.test(page) || !/type="password"/.test(page)) {
      fail(`the login page answered ${login.status} without its form`);
    }

    const signIn = await fetch(`${publicUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: publicUrl },
      body: JSON.stringify(admin),
    });
    const signedIn = await signIn.json().catch(() => null);
    if (signIn.status !== 200 || signedIn?.user?.email !== admin.email) {
      fail(`sign-in through the web tier answered ${signIn.status}: ${JSON.stringify(signedIn)}`);
    }
    const cookies = signIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const me = await fetch(`${publicUrl}/api/auth/me`, { headers: { cookie: cookies } });
    if (me.status !== 200) fail(`the session cookie did not carry: /api/auth/me answered ${me.status}`);

    // The API serves admin calls only to a session that proved a second factor: the admin sets
    // two-factor sign-in up in this session first, as the first visit to an admin page asks.
    const post = (path, body) =>
      fetch(`${publicUrl}${path}`, {
        method: "POST",
        headers: { cookie: cookies, origin: publicUrl, "content-type": "application/json" },
        body: JSON.stringify(body ?? {}),
      });
    const setup = await post("/api/auth/totp/setup");
    const secret = (await setup.json().catch(() => null))?.secret;
    if (setup.status !== 200 || !secret) fail(`two-factor setup answered ${setup.status}`);
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const enabled = await post("/api/auth/totp/enable", { currentPassword: admin.password, code });
    if (enabled.status !== 200) fail(`turning two-factor sign-in on answered ${enabled.status}`);

    // A contract preview: react-pdf and the font files it loads from node_modules, from the bundle.
    const list = await fetch(`${publicUrl}/api/document-templates`, { headers: { cookie: cookies } });
    const templateId = (await list.json().catch(() => null))?.templates?.[0]?.id;
    if (!templateId)
      fail(`no contract template to preview (/api/document-templates answered ${list.status})`);
    const preview = await fetch(`${publicUrl}/api/document-templates/${templateId}/preview`, {
      headers: { cookie: cookies },
    });
    const pdf = Buffer.from(await preview.arrayBuffer());
    if (preview.status !== 200 || pdf.subarray(0, 5).toString() !== "%PDF-") {
      fail(`the contract preview answered ${preview.status} without a PDF`);
    }

    // Idle: a moment after the last request.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const tiers = childrenOf(app.pid);
    const apiTier = tiers.find((child) => child.args.includes("dist/api/main.mjs"));
    const webTier = tiers.find((child) => child.args.includes("web-server.mjs"));
    if (!apiTier || !webTier) fail(`could not find both tiers' processes: ${JSON.stringify(tiers)}`);

    const idle = { api: rssOf(apiTier.pid), web: rssOf(webTier.pid) };
    await stopApp(app);

    // A restart on the same data: what an upgrade or a crash costs.
    const again = await startApp(release, env);
    app = again.app;
    await stopApp(app);

    // The CLI bundle through its npm script, on the same (now unlocked) embedded database.
    const cli = spawnSync(
      "npm",
      ["run", "--silent", "cli", "--", "create-admin", "second-admin@example.com"],
      {
        cwd: release,
        env,
        encoding: "utf8",
      },
    );
    if (cli.status !== 0 || !cli.stdout.includes("Created admin second-admin@example.com")) {
      fail(`npm run cli -- create-admin exited with ${cli.status}: ${cli.stdout}${cli.stderr}`);
    }
    // A backup through the bundled CLI (PGlite's dump tooling is read from node_modules at run time).
    const backupDir = path.join(dataDir, "..", `${path.basename(dataDir)}-backup`);
    const backup = spawnSync("npm", ["run", "--silent", "cli", "--", "backup", backupDir], {
      cwd: release,
      env,
      encoding: "utf8",
    });
    const backedUp = fs.existsSync(path.join(backupDir, "manifest.json"));
    fs.rmSync(backupDir, { recursive: true, force: true });
    if (backup.status !== 0 || !backedUp) {
      fail(`npm run cli -- backup exited with ${backup.status}: ${backup.stdout}${backup.stderr}`);
    }

    console.info(
      [
        "",
        "release check passed: health, login page, sign-in through the web tier, a contract PDF, restart, npm run cli (create-admin, backup)",
        `  Node.js:                             ${process.version}`,
        `  web tier build (.next without cache): ${mb(webBytes)}`,
        `  API bundle (dist, with migrations):  ${mb(apiBytes)}`,
        `  node_modules (--omit=dev):           ${mb(modulesBytes)}`,
        `  first start, empty DATA_DIR: API answering after ${seconds(first.apiMs)}, both tiers after ${seconds(first.bothMs)}`,
        `  restart on that data:        API answering after ${seconds(again.apiMs)}, both tiers after ${seconds(again.bothMs)}`,
        `  idle RSS after one sign-in: API ${mb(idle.api)}, web tier ${mb(idle.web)}`,
        "",
      ].join("\n"),
    );
  } finally {
    if (app) await stopApp(app);
    if (!keep) {
      fs.rmSync(release, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    } else console.info(`kept ${release} and ${dataDir}`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`release check FAILED: ${error instanceof CheckFailed ? error.message : error?.stack}`);
    process.exit(1);
  },
);
