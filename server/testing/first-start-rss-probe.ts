// Opens the app's PGlite on a fresh folder in a process of its own, as an API's first start does,
// and prints the process's resident memory once it rests (database.test.ts runs it).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "../db";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "first-start-"));
const dataDir = path.join(folder, "db");
const database = await openPglite({ dataDir });
await database.ping();
await new Promise((resolve) => setTimeout(resolve, 1_500));
const rssKb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1]);
await database.close();
fs.rmSync(folder, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify({ rssMb: Math.round(rssKb / 1024) })}\n`);
