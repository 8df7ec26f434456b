import type pg from "pg";
import { describe, expect, it } from "vitest";
import { loadServerEnv } from "../env";
import { type DatabaseHandle, DEFAULT_POOL_SIZE, openDatabase } from ".";

// DATABASE_POOL_SIZE caps the connections an API instance opens to PostgreSQL. The pool connects
// lazily, so no server is needed to see the size it was made with.

const unreachable = "postgres://app@127.0.0.1:1/none";
const maxOf = (handle: DatabaseHandle) => (handle.db as unknown as { $client: pg.Pool }).$client.options.max;

describe("DATABASE_POOL_SIZE", () => {
  it("defaults to the pool's own default and takes 1 to 100, naming the setting otherwise", () => {
    const load = (values: Record<string, string>) => loadServerEnv({ NODE_ENV: "test", ...values });
    expect(load({}).DATABASE_POOL_SIZE).toBe(DEFAULT_POOL_SIZE);
    expect(load({ DATABASE_POOL_SIZE: "" }).DATABASE_POOL_SIZE).toBe(DEFAULT_POOL_SIZE);
    expect(load({ DATABASE_POOL_SIZE: "1" }).DATABASE_POOL_SIZE).toBe(1);
    expect(load({ DATABASE_POOL_SIZE: "100" }).DATABASE_POOL_SIZE).toBe(100);
    for (const value of ["0", "101", "2.5", "many"]) {
      expect(() => load({ DATABASE_POOL_SIZE: value }), value).toThrow(
        /Invalid API configuration:\n {2}DATABASE_POOL_SIZE: /,
      );
    }
  });

  it("is the size of the PostgreSQL pool openDatabase makes", async () => {
    const sized = await openDatabase({ databaseUrl: unreachable, dataDir: "/nonexistent", poolSize: 3 });
    const unsized = await openDatabase({ databaseUrl: unreachable, dataDir: "/nonexistent" });
    try {
      expect(maxOf(sized)).toBe(3);
      expect(maxOf(unsized)).toBe(DEFAULT_POOL_SIZE);
    } finally {
      await sized.close();
      await unsized.close();
    }
  });
});
