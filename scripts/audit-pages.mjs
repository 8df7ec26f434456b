#!/usr/bin/env node
// `npm run audit:pages`: Lighthouse (mobile and desktop) and axe on every page of the app, as the
// users who see them, on a fresh database. Starts the production build the way `npm start` does
// (building it first when .next/BUILD_ID is missing) on free ports with a temporary DATA_DIR,
// seeds members at each onboarding step, an active member and an admin, signs each in, audits
// their pages, prints a table and writes the figures as JSON. Lighthouse and axe come from the
// project's own devDependencies, so a clone needs nothing beside it but Debian's Chromium.
//   npm run audit:pages -- [--runs N] [--only <path substring>] [--out file.json] [--no-desktop]
//     [--cpu-profile]   also profiles each page's load (V8 sampling, CPU slowed 4x) and prints
//                       where the main thread's time went: long tasks, scripts, functions
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cpuProfile } from "./audit-pages/cpu-profile.mjs";
import { axe, killBrowsers, launchAxeBrowser, lighthouseMedian } from "./audit-pages/lighthouse.mjs";
import { printTable } from "./audit-pages/report.mjs";
import { createSeeder } from "./audit-pages/seed.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function parseArgs(argv) {
  const options = { runs: 1, only: [], out: null, desktop: true, cpuProfile: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) fail(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--runs") options.runs = Math.max(1, Number.parseInt(value(), 10) || 1);
    else if (arg === "--only") options.only.push(...value().split(",").filter(Boolean));
    else if (arg === "--out") options.out = path.resolve(value());
    else if (arg === "--no-desktop") options.desktop = false;
    else if (arg === "--cpu-profile") options.cpuProfile = true;
    else fail(`unknown option ${arg}`);
  }
  options.out ??= path.join(
    root,
    "bench/results",
    `audit-pages-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  );
  return options;
}

function fail(message) {
  console.error(`audit:pages: ${message}
usage: npm run audit:pages -- [--runs N] [--only <path substring>] [--out file.json] [--no-desktop] [--cpu-profile]`);
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitFor(url, timeoutMs, app) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (app.exitCode !== null) throw new Error("the app stopped while starting (its output is above)");
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

// Everything started here is ended on any exit: the app (start.mjs stops its API and web tier on
// SIGTERM), the browsers, and the temporary data folder.
let app = null;
let dataDir = null;
let cleaning = null;
function cleanUp() {
  cleaning ??= (async () => {
    await killBrowsers().catch(() => {});
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app.once("exit", resolve));
      app.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      if (app.exitCode === null) app.kill("SIGKILL");
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.error(`\naudit:pages: ${signal}, stopping the app and removing the temporary data…`);
    cleanUp().finally(() => process.exit(130));
  });
}

async function startApp() {
  if (!fs.existsSync(path.join(root, ".next/BUILD_ID"))) {
    console.error("audit:pages: no production build yet: next build…");
    const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error("next build failed (see above)");
  }
  const [webPort, apiPort] = [await freePort(), await freePort()];
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-pages-"));
  const seedToken = crypto.randomBytes(24).toString("hex");
  const baseUrl = `http://localhost:${webPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  app = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(webPort),
      API_PORT: String(apiPort),
      API_URL: apiUrl,
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      E2E_SEED_TOKEN: seedToken,
      // The API keeps its test seeding route only outside production; the web tier is still the
      // production build (start.mjs runs it with NODE_ENV=production).
      NODE_ENV: "test",
      // Sessions outlive the whole audit, so no page is measured through a token refresh.
      ACCESS_TOKEN_TTL_SECONDS: "3600",
    },
  });
  await waitFor(`http://127.0.0.1:${webPort}/api/health`, 600_000, app);
  return { baseUrl, apiUrl, seedToken };
}

/** The users and the pages each one sees. */
async function plan(seeder, only) {
  const wanted = (p) => only.length === 0 || only.some((part) => p.includes(part));
  const pages = [];
  const add = (p, who, cookie = "") => {
    if (wanted(p)) pages.push({ path: p, who, cookie });
  };

  const admin = await seeder.seedUser({ label: "admin", role: "super_admin", status: "active" });
  const adminSession = await seeder.signIn(admin);
  const link = await adminSession.call("POST", "/api/referral/create", { expiresInDays: 7, maxUses: 10 });
  add("/login", "visitor");
  add(`/register?ref=${encodeURIComponent(link.token)}`, "visitor (live referral link)");
  add("/password-reset", "visitor");

  // With the referral permission, so the referral management page is theirs to see; /profile
  // only redirects to the account type's own profile page, which is audited directly.
  const active = await seeder.seedUser({
    label: "active",
    status: "active",
    permissions: ["can_create_referrals"],
  });
  const activeSession = await seeder.signIn(active);
  add("/dashboard", "active member", activeSession.cookie());
  add("/personal/profile", "active member", activeSession.cookie());
  add("/referral-management", "active member", activeSession.cookie());
  add("/news", "active member", activeSession.cookie());
  add("/earnings", "active member", activeSession.cookie());

  const steps = ["verify-email", "id-upload", "complete-profile", "sign-contract"];
  let withDocuments = null;
  for (const type of ["personal", "company"]) {
    for (const [done, step] of steps.entries()) {
      if (!wanted(`/${type}-${step}`) && !(type === "personal" && done === 3)) continue;
      const member = await seeder.memberAtStep(type, done);
      add(`/${type}-${step}`, `${type} member, step ${done + 1}`, member.session.cookie());
      if (done === 3) withDocuments ??= member;
    }
  }

  const adminCookie = adminSession.cookie();
  for (const p of [
    "/admin/dashboard",
    "/admin/user-management",
    "/admin/verify-users",
    `/admin/user-management/view/${withDocuments?.id ?? active.id}`,
    `/admin/user-management/verify/${withDocuments?.id ?? active.id}`,
    "/admin/permission-management",
    "/admin/contract-dashboard",
    "/admin/contract-templates",
    "/admin/partner-programme",
  ])
    add(p, "super admin", adminCookie);
  return pages;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(chromePath)) fail(`no Chromium at ${chromePath}: run bash scripts/ensure-chromium.sh`);
  process.env.CHROME_PATH = chromePath;
  const startedAt = new Date();
  const load = os.loadavg();
  console.error("audit:pages: starting the app on a fresh database…");
  const { baseUrl, apiUrl, seedToken } = await startApp();
  const seeder = createSeeder({ baseUrl, apiUrl, seedToken, dataDir });
  const pages = await plan(seeder, options.only);
  if (pages.length === 0) fail(`no page matches --only ${options.only.join(",")}`);

  const browser = await launchAxeBrowser(chromePath);
  const results = [];
  try {
    for (const page of pages) {
      const url = new URL(page.path, baseUrl).href;
      console.error(`audit:pages: ${page.path} (${page.who})`);
      const entry = { path: page.path, who: page.who, warnings: [] };
      for (const formFactor of options.desktop ? ["mobile", "desktop"] : ["mobile"]) {
        try {
          entry[formFactor] = await lighthouseMedian(url, formFactor, page.cookie, options.runs, chromePath);
          if (entry[formFactor].runtimeError)
            entry.warnings.push(`${formFactor}: ${entry[formFactor].runtimeError}`);
        } catch (error) {
          entry.warnings.push(
            `lighthouse ${formFactor} failed: ${String(error?.message ?? error).split("\n")[0]}`,
          );
        }
      }
      try {
        entry.axe = await axe(browser, url, page.cookie);
        if (entry.axe.status >= 400) entry.warnings.push(`HTTP ${entry.axe.status}`);
      } catch (error) {
        entry.warnings.push(`axe failed: ${String(error?.message ?? error).split("\n")[0]}`);
      }
      if (options.cpuProfile) {
        try {
          entry.cpuProfile = await cpuProfile(browser, url, page.cookie);
        } catch (error) {
          entry.warnings.push(`cpu profile failed: ${String(error?.message ?? error).split("\n")[0]}`);
        }
      }
      const wantedPath = new URL(url).pathname;
      for (const final of new Set([entry.mobile?.finalUrl, entry.axe?.finalUrl].filter(Boolean))) {
        if (new URL(final).pathname !== wantedPath)
          entry.warnings.push(`redirected to ${new URL(final).pathname}: the figures are for that page`);
      }
      results.push(entry);
    }
  } finally {
    await browser.close();
  }

  const report = {
    generatedAt: startedAt.toISOString(),
    settings: {
      runs: options.runs,
      only: options.only,
      desktop: options.desktop,
      cpuProfile: options.cpuProfile,
    },
    machine: { cpus: os.cpus().length, loadAverageAtStart: load, loadAverageAtEnd: os.loadavg() },
    versions: {
      node: process.version,
      lighthouse: JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8"))
        .version,
      chromium: browser.version(),
    },
    pages: results,
  };
  printTable(report);
  fs.mkdirSync(path.dirname(options.out), { recursive: true });
  fs.writeFileSync(options.out, `${JSON.stringify(report, null, 2)}\n`);
  console.info(`full results: ${path.relative(process.cwd(), options.out)}`);
  return results.some((entry) => entry.warnings.length) ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (error) => {
    console.error(`audit:pages: ${error?.stack ?? error}`);
    await cleanUp();
    process.exit(1);
  });
