import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lazy, lazyModule, lazyZodResolver } from "./use-schema-form";

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<{ email: string }>;

describe("lazy", () => {
  it("loads once, on the first use, for every caller", async () => {
    let loads = 0;
    const value = lazy(async () => {
      loads += 1;
      return 42;
    });
    expect(loads).toBe(0);
    value.preload();
    expect(await Promise.all([value(), value()])).toEqual([42, 42]);
    expect(loads).toBe(1);
  });

  it("tries again after a failed load (a chunk lost on a dropped link)", async () => {
    let attempt = 0;
    const value = lazy(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error("ChunkLoadError");
      return "loaded";
    });
    await expect(value()).rejects.toThrow("ChunkLoadError");
    await expect(value()).resolves.toBe("loaded");
  });

  it("lazyModule hands out named exports of one module load", async () => {
    let loads = 0;
    const from = lazyModule(async () => {
      loads += 1;
      return { a: 1, b: "two" };
    });
    const a = from("a");
    const b = from("b");
    expect([await a(), await b()]).toEqual([1, "two"]);
    expect(loads).toBe(1);
  });
});

describe("lazyZodResolver", () => {
  const schema = z.object({ email: z.email("invalidEmail") });

  it("gives the schema's messages by field, as zodResolver does", async () => {
    const resolver = lazyZodResolver(lazy(async () => schema));
    const result = await resolver({ email: "not an address" }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors.email?.message).toBe("invalidEmail");
  });

  it("passes valid values through the schema", async () => {
    const resolver = lazyZodResolver(lazy(async () => schema));
    const result = await resolver({ email: "a@example.com" }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ email: "a@example.com" });
  });
});
