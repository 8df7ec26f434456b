// Contract PDFs rendered by the real API while /api/health is sampled: 10 admins ask for a
// contract preview at once, over and over (the same render slots and worker threads as 10
// members signing), and a sampler calls /api/health back to back. With rendering on the event
// loop every health check waited behind a layout; in worker threads it should not notice. Also
// the API's RSS at idle after one sign-in and after the renders (read from /proc).
import { adminAccessToken } from "../admin-load";
import { startApi } from "../api-server";
import { createSeedToken } from "../auth-load";
import { rssMb } from "./idle-memory";
import type { Scenario, ScenarioResult } from "./result";

const PDF_HEALTH_NAMES = ["pdf-renders-health"];
const CONCURRENT_SIGNERS = 10;
// Enough renders to see whether memory keeps growing; RSS is read after every quarter of them.
const RENDER_CALLS = 1000;

function percentile(sorted: number[], percent: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.ceil((percent / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, rank)] ?? 0) * 100) / 100;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const pdfHealthScenario: Scenario = {
  names: PDF_HEALTH_NAMES,
  needsNextBuild: false,
  async run(context) {
    const seedToken = createSeedToken();
    const api = await startApi({
      label: "pdf-health",
      verbose: context.verbose,
      settings: { E2E_SEED_TOKEN: seedToken, LOG_LEVEL: "warn" },
    });
    try {
      const token = await adminAccessToken(api.url, seedToken);
      const headers = { authorization: `Bearer ${token}` };
      await sleep(2_000);
      const idleRss = rssMb(api.pid);
      const list = (await (await fetch(`${api.url}/api/document-templates`, { headers })).json()) as {
        templates: Array<{ id: string }>;
      };
      const templateId = list.templates[0]?.id;
      if (!templateId) throw new Error("no contract template to preview");
      const previewUrl = `${api.url}/api/document-templates/${templateId}/preview`;
      // Warm: the worker threads start and load react-pdf and the fonts.
      for (let index = 0; index < 4; index += 1) await (await fetch(previewUrl, { headers })).arrayBuffer();

      const statusCodes: Record<string, number> = {};
      const renders: number[] = [];
      const health: number[] = [];
      let rendering = true;
      const sampler = (async () => {
        while (rendering) {
          const started = performance.now();
          await (await fetch(`${api.url}/api/health`)).arrayBuffer();
          health.push(performance.now() - started);
        }
      })();
      let next = 0;
      const rssAlong: (number | null)[] = [];
      const started = performance.now();
      const signer = async () => {
        while (next < RENDER_CALLS) {
          next += 1;
          if (next % (RENDER_CALLS / 4) === 0) rssAlong.push(rssMb(api.pid));
          const begun = performance.now();
          const response = await fetch(previewUrl, { headers });
          await response.arrayBuffer();
          statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1;
          if (response.status === 200) renders.push(performance.now() - begun);
          // A refused render (503, Retry-After) is retried after a short pause, as a person would.
          else await sleep(100);
        }
      };
      try {
        await Promise.all(Array.from({ length: CONCURRENT_SIGNERS }, signer));
      } finally {
        rendering = false;
        await sampler;
      }
      const elapsedMs = performance.now() - started;
      const afterRss = rssMb(api.pid);
      renders.sort((a, b) => a - b);
      health.sort((a, b) => a - b);
      const healthP99 = percentile(health, 99);
      const result: ScenarioResult = {
        name: "pdf-renders-health",
        requestsPerSecond: Math.round(((statusCodes[200] ?? 0) / elapsedMs) * 10_000) / 10,
        p50Ms: percentile(renders, 50),
        p99Ms: percentile(renders, 99),
        errors: 0,
        non2xx: RENDER_CALLS - (statusCodes[200] ?? 0),
        status: "measured",
        statusCodes,
        notes:
          `${RENDER_CALLS} GET /api/document-templates/{id}/preview from ${CONCURRENT_SIGNERS} at once ` +
          `(API on PGlite; 503s are the full render queue, retried after 100 ms); req/s = PDFs/s, ` +
          `p50/p99 per rendered PDF; meanwhile /api/health back to back: ${health.length} calls, ` +
          `p50 ${percentile(health, 50)} ms, p99 ${healthP99} ms (goal ≤ 50 ms), ` +
          `max ${percentile(health, 100)} ms; API RSS ${idleRss} MB idle after one sign-in, ` +
          `${rssAlong.join(" → ")} MB along the renders (every ${RENDER_CALLS / 4}), ${afterRss} MB after them`,
      };
      return [result];
    } finally {
      await api.stop();
    }
  },
};
