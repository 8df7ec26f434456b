import { Piscina } from "piscina";
import { contractRenderQueue, type RenderObserver } from "./render-queue";

export type ContractPdfInput = {
  lang: "de" | "en";
  /** Template name and version, shown in the footer. */
  title: string;
  version: number;
  /** Sanitized template HTML with the placeholders filled (template-html.ts prepareTemplateHtml). */
  html: string;
  signerName: string;
  /** Already formatted for `lang`. */
  date: string;
  /** PNG bytes of the drawn signature; absent for the unsigned download and the preview. */
  signature?: Buffer | null;
  /** PNG bytes of the active company stamp, if there is one. */
  stamp?: Buffer | null;
};

/**
 * A member's payout statement, every text already translated and formatted for `lang` (the
 * worker knows no language): the platform, the details above the table (holder, date, reference,
 * account), one line per settled commission and the total.
 */
export type PayoutStatementPdfInput = {
  lang: "de" | "en";
  platformName: string;
  title: string;
  details: Array<{ label: string; value: string }>;
  columns: { date: string; description: string; orderAmount: string; commission: string };
  lines: Array<{ date: string; description: string; orderAmount: string; commission: string }>;
  totalLabel: string;
  total: string;
  note: string;
  footer: string;
};

/**
 * What the render threads are given: a contract as it always was, or a statement tagged as one
 * (so the contract callers and the memory probe pass their input unchanged).
 */
export type RenderTask =
  | ContractPdfInput
  | { document: "payout-statement"; statement: PayoutStatementPdfInput };

/**
 * The worker's module. From source this file is TypeScript and the worker registers tsx first;
 * in the release bundle (dist/api/main.mjs) the worker is built beside it by scripts/api-build.mjs.
 */
const renderWorkerUrl = import.meta.url.endsWith(".ts")
  ? new URL("./render-worker-source.mjs", import.meta.url)
  : new URL("./pdf-render-worker.mjs", import.meta.url);

/** Threads left idle this long end, and with them react-pdf's memory; the next render starts one again. */
const IDLE_THREAD_MS = 60_000;

/**
 * The render threads' settings, shared with the test that checks their memory (it runs the same
 * pool around a worker that can also report its heap). One thread per render slot; the queue in
 * front decides who waits.
 *
 * `atomics: "disabled"`: by default piscina parks an idle thread in a blocking Atomics.wait and
 * hands it the next task without ever returning to the thread's event loop. A render only awaits
 * promises, so the thread's timers and immediates never run. React schedules the clean-up of
 * each finished render as such a task (a root stays in its list of scheduled roots until that
 * task runs), so every render's React tree, with the parsed HTML and layout hanging off it,
 * stayed reachable: about 90 KB of heap per render and thread, for as long as the thread lived.
 * With plain messages the event loop turns between tasks and the clean-up runs; the cost is one
 * message event per task, nothing next to a render's tens of milliseconds.
 */
export function renderPoolOptions(filename: string) {
  return {
    filename,
    minThreads: 0,
    maxThreads: contractRenderQueue.capacity.slots,
    concurrentTasksPerWorker: 1,
    idleTimeout: IDLE_THREAD_MS,
    atomics: "disabled",
  } as const;
}

let pool: Piscina<RenderTask, Uint8Array> | undefined;

/**
 * Started on the first render, not with the API: a server that renders no PDF never loads
 * react-pdf or the fonts.
 */
function renderPool() {
  pool ??= new Piscina<RenderTask, Uint8Array>(renderPoolOptions(renderWorkerUrl.href));
  return pool;
}

/**
 * Renders one contract to PDF bytes in a worker thread, so a render's ≈ 50-100 ms of layout never
 * blocks the event loop. The input holds no URLs: nothing is fetched. Runs in
 * one of the render slots; throws RenderQueueFullError when all are busy and the line is full.
 * `observer` (the app's metrics) hears of the render's time or of the refusal.
 */
export function renderContractPdf(input: ContractPdfInput, observer?: RenderObserver): Promise<Buffer> {
  return renderInPool(input, observer);
}

/**
 * Renders one payout statement to PDF bytes, in the same threads and render slots as contracts
 * (so a payout run never takes more of the machine than the contract renders may); throws
 * RenderQueueFullError like renderContractPdf.
 */
export function renderPayoutStatementPdf(
  statement: PayoutStatementPdfInput,
  observer?: RenderObserver,
): Promise<Buffer> {
  return renderInPool({ document: "payout-statement", statement }, observer);
}

function renderInPool(task: RenderTask, observer?: RenderObserver): Promise<Buffer> {
  return contractRenderQueue.run(async () => {
    const bytes = await renderPool().run(task);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }, observer);
}

/** Ends the render threads (shutdown, tests); a later render starts the pool again. */
export async function closeContractRenderer(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}
