// Contract PDF generation, one after another, as signing does it for each template: load the
// template's current version and the active stamp from the database, sanitize and fill the HTML,
// render it with a drawn signature and the stamp (server/domain/contracts/render-template-pdf.ts).
// Runs on a fresh in-memory PGlite with the default templates the app seeds on start.
// Run by bench/run.ts in a child process (so nothing else shares its heap or event loop):
//   BENCH_WARMUP_GENERATIONS=10 BENCH_GENERATIONS=200 \
//     node --expose-gc --import tsx bench/servers/contract-pdf.ts
// Prints one JSON line on stdout: p50/p99 per generation, and RSS and heap before and after.
import sharp from "sharp";
import { openPglite } from "../../server/db";
import { companyStamps } from "../../server/db/schema";
import { renderTemplatePdf } from "../../server/domain/contracts/render-template-pdf";
import { DEFAULT_TEMPLATES } from "../../server/domain/contracts/seed-default-templates";
import { loadActiveStampPng, loadTemplateVersion } from "../../server/domain/contracts/template-queries";
import { ensureBaseData } from "../../server/domain/seed/ensure-base-data";

const warmupGenerations = Number(process.env.BENCH_WARMUP_GENERATIONS ?? 10);
const generations = Number(process.env.BENCH_GENERATIONS || 200);
if (
  !Number.isInteger(warmupGenerations) ||
  warmupGenerations < 0 ||
  !Number.isInteger(generations) ||
  generations < 1
) {
  console.error("contract-pdf: BENCH_WARMUP_GENERATIONS must be an integer ≥ 0, BENCH_GENERATIONS ≥ 1");
  process.exit(1);
}

// The German company template: the longest default, with every placeholder including {{company}}.
const TEMPLATE = DEFAULT_TEMPLATES.find(
  (template) => template.language === "de" && template.audience === "company",
);
const MEMBER = {
  name: "Erika Musterfrau",
  first_name: "Erika",
  last_name: "Musterfrau",
  company: "Musterfirma GmbH",
  email: "erika.musterfrau@example.com",
  address: "Musterstraße 1, 12345 Musterstadt",
};

/** A signature as the canvas sends it: 400×120, transparent, a few dark strokes. */
function signaturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120">
<path d="M20 90 C 60 10, 90 110, 130 50 S 200 20, 230 80 S 320 100, 380 30" stroke="#0f172a" stroke-width="3" fill="none"/>
<path d="M60 100 L 340 96" stroke="#0f172a" stroke-width="2" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A round company stamp, 300×300, as the stamp upload stores it (PNG). */
function stampPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300">
<circle cx="150" cy="150" r="140" stroke="#1d4ed8" stroke-width="10" fill="none"/>
<circle cx="150" cy="150" r="100" stroke="#1d4ed8" stroke-width="4" fill="none"/>
<rect x="70" y="130" width="160" height="40" fill="#1d4ed8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
function memory() {
  const usage = process.memoryUsage();
  return {
    rssMb: megabytes(usage.rss),
    heapUsedMb: megabytes(usage.heapUsed),
    heapTotalMb: megabytes(usage.heapTotal),
  };
}
const collect = () => (globalThis as { gc?: () => void }).gc?.();

function percentile(sorted: number[], percent: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.ceil((percent / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, rank)] ?? 0) * 100) / 100;
}

async function main() {
  if (!TEMPLATE) throw new Error("no German company default template");
  const database = await openPglite();
  try {
    await database.migrate();
    await ensureBaseData(database.db);
    const stamp = await stampPng();
    await database.db.insert(companyStamps).values({
      id: 1,
      label: "Bench",
      mimeType: "image/png",
      image: stamp,
      sizeBytes: stamp.length,
      isActive: true,
    });
    const signature = await signaturePng();

    const generate = async () => {
      const loaded = await loadTemplateVersion(database.db, TEMPLATE.id);
      if (!loaded) throw new Error("the default template did not load");
      const activeStamp = await loadActiveStampPng(database.db);
      return renderTemplatePdf(loaded, MEMBER, { date: new Date(), signature, stamp: activeStamp });
    };

    const coldStarted = performance.now();
    const first = await generate();
    const coldMs = performance.now() - coldStarted;
    if (first.subarray(0, 5).toString() !== "%PDF-") throw new Error("the renderer did not produce a PDF");
    for (let index = 1; index < warmupGenerations; index += 1) await generate();

    collect();
    const before = memory();
    const latencies: number[] = [];
    let bytes = 0;
    const started = performance.now();
    for (let index = 0; index < generations; index += 1) {
      const begun = performance.now();
      const pdf = await generate();
      latencies.push(performance.now() - begun);
      bytes += pdf.length;
    }
    const totalMs = performance.now() - started;
    const after = memory();
    collect();
    const afterGc = memory();

    latencies.sort((a, b) => a - b);
    const result = {
      generations,
      warmupGenerations,
      perSecond: (generations / totalMs) * 1000,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: percentile(latencies, 100),
      coldMs: Math.round(coldMs),
      averagePdfKb: Math.round(bytes / generations / 102.4) / 10,
      signatureBytes: signature.length,
      stampBytes: stamp.length,
      template: `${TEMPLATE.name} (${TEMPLATE.language}, ${TEMPLATE.audience})`,
      memory: { before, after, afterGc },
      gcExposed: typeof (globalThis as { gc?: unknown }).gc === "function",
    };
    console.error(
      `contract-pdf: ${generations} generations, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms; ` +
        `RSS ${before.rssMb} → ${after.rssMb} MB, heap ${before.heapUsedMb} → ${after.heapUsedMb} MB`,
    );
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error("contract-pdf failed:", error);
  process.exit(1);
});
