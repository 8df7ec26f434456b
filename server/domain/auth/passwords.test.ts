import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { createGate } from "../../infra/limit-concurrency";
import { argon2Gate, hashPassword, verifyPassword } from "./passwords";

describe("argon2 gate", () => {
  it("runs at most `limit` tasks at once and every task in the end, in order of arrival", async () => {
    const gate = createGate(2);
    let peak = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const tasks = Array.from({ length: 6 }, (_, index) =>
      gate.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(index);
            peak = Math.max(peak, gate.running());
            releases.push(() => resolve(index));
          }),
      ),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.waiting()).toBe(4);
    while (releases.length) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(gate.running()).toBe(0);
  });

  it("frees the slot of a task that fails", async () => {
    const gate = createGate(1);
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => "next")).toBe("next");
    expect(gate.running()).toBe(0);
  });

  it("holds real verifications to one per core, and each still answers right", async () => {
    const stored = await hashPassword("Corr3ct-Horse!");
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, argon2Gate.running());
    }, 1);
    const answers = await Promise.all(
      Array.from({ length: availableParallelism() * 3 }, (_, index) =>
        verifyPassword(stored, index % 2 ? "Corr3ct-Horse!" : "wrong"),
      ),
    );
    clearInterval(sampler);
    expect(answers).toEqual(answers.map((_, index) => index % 2 === 1));
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(availableParallelism());
    expect(argon2Gate.running()).toBe(0);
  });
});
