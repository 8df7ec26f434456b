import fs from "node:fs";
import os from "node:os";
import { performance as nodePerformance } from "node:perf_hooks";
import { Piscina } from "piscina";
import { afterAll, describe, expect, it } from "vitest";
import {
  type ContractPdfInput,
  closeContractRenderer,
  renderContractPdf,
  renderPoolOptions,
} from "./render-contract-pdf";

afterAll(() => closeContractRenderer());

const contractClauses = Array.from(
  { length: 120 },
  (_, index) =>
    `<h2>§ ${index + 1} Clause</h2><p>${"The partner agrees to every term of this clause and the next. ".repeat(8)}</p>`,
);
/** A contract long enough that its layout takes a while (about twenty pages). */
const longContract = contractClauses.join("");

const input = (html: string) => ({
  lang: "en" as const,
  title: "Partner Agreement",
  version: 1,
  html,
  signerName: "Erika Musterfrau",
  date: "14 March 2025",
});

describe("renderContractPdf", () => {
  it("renders a PDF", async () => {
    const pdf = await renderContractPdf(input("<h1>Agreement</h1><p>Zażółć gęślą jaźń.</p>"));
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("lays out in a worker thread: the event loop stays idle during a long render", async () => {
    // Warm: the thread is up and has loaded react-pdf and the fonts.
    await renderContractPdf(input("<p>warm</p>"));
    const loopBefore = nodePerformance.eventLoopUtilization();
    const started = performance.now();
    const pdf = await renderContractPdf(input(longContract));
    const renderMs = performance.now() - started;
    const loop = nodePerformance.eventLoopUtilization(loopBefore);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // On the main thread the layout keeps the event loop busy for nearly all of the render; in a
    // worker the loop only copies the input and the PDF and idles in between.
    expect(renderMs).toBeGreaterThan(200);
    expect(loop.utilization).toBeLessThan(0.3);
  }, 60_000);
});

/** Nice value of each thread of this process (field 19 of /proc/self/task/<id>/stat). */
function threadNiceness(): Map<number, number> {
  const values = new Map<number, number>();
  for (const id of fs.readdirSync("/proc/self/task")) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${id}/stat`, "utf8");
      values.set(Number(id), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return values;
}

describe.skipIf(process.platform !== "linux")("render threads' priority", () => {
  it("is below the calling thread's, so requests are answered first while renders fill the cores", async () => {
    await renderContractPdf(input("<p>priority</p>"));
    const niceness = threadNiceness();
    const caller = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    // The thread that asked for the PDF (the API's main thread in production) keeps its priority.
    expect(niceness.get(caller)).toBe(os.getPriority());
    expect(niceness.get(caller)).toBeLessThan(10);
    // The render pool's thread steps back.
    expect([...niceness.values()]).toContain(10);
  });
});

describe("render threads' memory", () => {
  it("stays flat over many renders: a finished contract leaves nothing behind in its thread", async () => {
    // The production pool's settings around a worker that can also report its live objects after
    // a full GC; one thread, so every render and every reading happen in the same one.
    const pool = new Piscina<ContractPdfInput | "heap", Uint8Array | number>({
      ...renderPoolOptions(new URL("../../testing/render-worker-heap-probe.mjs", import.meta.url).href),
      minThreads: 1,
      maxThreads: 1,
    });
    // Unsigned and without a stamp, as previews and unsigned downloads are: nothing in such a
    // render waits for the event loop (decoding a PNG does), so only the thread's own turn of
    // the loop between tasks lets React clean up after it.
    const render = async (index: number) => {
      const pdf = (await pool.run({
        ...input(`<h1>Agreement ${index}</h1>${contractClauses.slice(0, 8).join("")}`),
        signerName: `Member ${index}`,
      })) as Uint8Array;
      expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe("%PDF-");
    };
    try {
      // Warm: react-pdf, the fonts and the JIT settle first.
      for (let index = 0; index < 20; index += 1) await render(index);
      const heapBefore = (await pool.run("heap")) as number;
      for (let index = 20; index < 170; index += 1) await render(index);
      const heapAfter = (await pool.run("heap")) as number;
      // A thread parked between tasks without its event loop turning kept every render's React
      // tree: these 150 renders grew its live objects by 12 MB (27 MB with React's development
      // build, which tests load). A thread that cleans up stays within about 1 MB.
      expect((heapAfter - heapBefore) / 1024 / 1024).toBeLessThan(5);
    } finally {
      await pool.destroy();
    }
  }, 120_000);
});
