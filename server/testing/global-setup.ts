import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "../db";
import { testDatabaseUrl } from "./test-env";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (tar) every test file starts from: migrating once saves ~3 s a file. */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  // On PostgreSQL each file migrates a database of its own instead.
  if (testDatabaseUrl) {
    project.provide("pgliteSnapshot", "");
    return;
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-snapshot-"));
  const file = path.join(folder, "migrated.tar");
  const database = await openPglite();
  await database.migrate();
  const dump = await database.pglite?.dumpDataDir("none");
  if (!dump) throw new Error("PGlite snapshot failed");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteSnapshot", file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
