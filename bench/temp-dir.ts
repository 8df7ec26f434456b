import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { registerCleanup } from "./cleanup";

/** A fresh folder under the OS temp dir, and the function that removes it. */
export function createTempDir(label: string): { dir: string; remove: () => Promise<void> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`));
  const remove = registerCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { dir, remove };
}
