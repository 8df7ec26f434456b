#!/usr/bin/env node
// The API's release build: server/main.ts and server/cli.ts bundled by esbuild into
// dist/api/main.mjs and dist/api/cli.mjs, so no TypeScript and no tsx run in production.
// Only the repository's own code is bundled; every package stays an import resolved from
// node_modules at run time (native ones like pg, PGlite, argon2 and sharp must, and the
// others then come from `dependencies` exactly as installed). What the API reads from disk next
// to its code is copied beside the bundle: the migrations (server/db resolves them relative to
// its own module, which is the bundle once built). Fonts are resolved from node_modules.
//
// `node scripts/api-build.mjs` builds; the exported helpers tell start scripts whether a build
// is current.
import fs from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const apiBuildDir = path.join(root, "dist", "api");
export const API_ENTRIES = ["main", "cli"];
// Worker-thread modules, bundled beside main.mjs: server code finds them next to itself at run
// time (the contract PDF renderer's pool loads dist/api/pdf-render-worker.mjs).
const WORKER_ENTRIES = { "pdf-render-worker": "server/infra/pdf/render-worker.ts" };

// Everything the bundle is made from: a change in any of them makes the build stale.
const SOURCES = [
  "server",
  "lib",
  "i18n",
  "messages",
  "package.json",
  "tsconfig.json",
  "scripts/api-build.mjs",
];

function newestMtime(full) {
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(full, child)));
  return newest;
}

/** A release install carries the bundle but not the sources: nothing there can be rebuilt. */
export function hasApiSources() {
  return fs.existsSync(path.join(root, "server", "main.ts"));
}

/** The bundle exists and is not older than any of its sources (always true without sources). */
export function apiBuildIsCurrent() {
  const bundles = [...API_ENTRIES, ...Object.keys(WORKER_ENTRIES)].map((name) =>
    path.join(apiBuildDir, `${name}.mjs`),
  );
  if (!bundles.every((file) => fs.existsSync(file))) return false;
  if (!hasApiSources()) return true;
  const builtAt = Math.min(...bundles.map((file) => fs.statSync(file).mtimeMs));
  return builtAt >= Math.max(...SOURCES.map((entry) => newestMtime(path.join(root, entry))));
}

/** Packages the bundle imports at run time that `npm install --omit=dev` would not install. */
function undeclaredPackages(metafile) {
  const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const imported = new Set();
  for (const input of Object.values(metafile.inputs)) {
    for (const { path: specifier, external } of input.imports) {
      if (!external || specifier.startsWith("node:")) continue;
      const parts = specifier.split("/");
      imported.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
    }
  }
  return [...imported].filter((name) => !(name in dependencies) && !isBuiltin(name)).sort();
}

export async function buildApi() {
  const esbuild = await import("esbuild");
  const staging = `${apiBuildDir}.tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: {
      ...Object.fromEntries(API_ENTRIES.map((name) => [name, path.join(root, "server", `${name}.ts`)])),
      ...Object.fromEntries(
        Object.entries(WORKER_ENTRIES).map(([name, source]) => [name, path.join(root, source)]),
      ),
    },
    outdir: staging,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
    legalComments: "none",
    metafile: true,
  });
  const missing = undeclaredPackages(result.metafile);
  if (missing.length > 0) {
    throw new Error(
      `The API imports packages that are not in package.json's dependencies (a release installs ` +
        `only those): ${missing.join(", ")}`,
    );
  }
  fs.cpSync(path.join(root, "server", "db", "migrations"), path.join(staging, "migrations"), {
    recursive: true,
  });
  // Swapped in whole, so a running API or a second build never sees half a bundle.
  fs.rmSync(apiBuildDir, { recursive: true, force: true });
  fs.renameSync(staging, apiBuildDir);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = Date.now();
  await buildApi();
  console.info(`API bundle written to dist/api in ${Date.now() - started} ms`);
}
