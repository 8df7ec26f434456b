// The Node.js version the app needs, read from package.json's `engines` so it is written once.
// On an older Node the start and the CLI stop with a sentence saying what to do, instead of
// failing later on an API that older versions lack.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** [major, minor] of a ">=X.Y" range (the only form package.json uses). */
function minimumOf(range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?/.exec(range ?? "");
  return match ? [Number(match[1]), Number(match[2] ?? 0)] : [0, 0];
}

/**
 * Why this Node cannot run the app, or undefined when it can.
 * @param {string} version process.versions.node
 * @param {string} [range] package.json's engines.node
 */
export function unsupportedNode(version, range) {
  const wanted = range ?? JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).engines?.node;
  const [major, minor] = minimumOf(wanted);
  const [haveMajor, haveMinor] = version.split(".").map(Number);
  if (haveMajor > major || (haveMajor === major && haveMinor >= minor)) return undefined;
  return (
    `Node.js ${wanted} is required; this is ${version}. \`npm install\` puts Node 24 into ` +
    "node_modules/.bin, which npm scripts use first: start with `npm start` (or run " +
    "node_modules/.bin/node), or install Node 24."
  );
}

/** Stops the process with that sentence on an unsupported Node. */
export function exitOnUnsupportedNode() {
  const problem = unsupportedNode(process.versions.node);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
