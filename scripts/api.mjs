#!/usr/bin/env node
// `npm run api` / `npm run cli -- …`: runs the API's built bundle (dist/api, `npm run build`)
// when it is present and not older than the sources, otherwise the TypeScript sources through
// tsx (a checkout while developing). A release install has only the bundle.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { API_ENTRIES, apiBuildDir, apiBuildIsCurrent, hasApiSources, root } from "./api-build.mjs";
import { exitOnUnsupportedNode } from "./node-version.mjs";

exitOnUnsupportedNode();

const [name] = process.argv.splice(2, 1);
if (!API_ENTRIES.includes(name ?? "")) {
  console.error(`Usage: node scripts/api.mjs <${API_ENTRIES.join("|")}> [arguments]`);
  process.exit(2);
}

if (apiBuildIsCurrent()) {
  await import(pathToFileURL(path.join(apiBuildDir, `${name}.mjs`)).href);
} else if (hasApiSources()) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(path.join(root, "server", `${name}.ts`)).href);
} else {
  console.error("The API is not built (dist/api is missing): run `npm run build` first.");
  process.exit(1);
}
