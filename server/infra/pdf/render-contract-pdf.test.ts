import { performance as nodePerformance } from "node:perf_hooks";
import { afterAll, describe, expect, it } from "vitest";
import { closeContractRenderer, renderContractPdf } from "./render-contract-pdf";

afterAll(() => closeContractRenderer());

/** A contract long enough that its layout takes a while (about twenty pages). */
const longContract = Array.from(
  { length: 120 },
  (_, index) =>
    `<h2>§ ${index + 1} Clause</h2><p>${"The partner agrees to every term of this clause and the next. ".repeat(8)}</p>`,
).join("");

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
