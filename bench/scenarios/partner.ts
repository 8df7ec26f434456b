// The partner programme on PostgreSQL: the shop reports 100 000 orders (with repeats and refunds)
// at `--connections`, the database is checked afterwards against what those reports must have
// left (orders, commissions, ledger rows), and then one partner, whose buyers placed a tenth of
// the orders (10 000 commissions), reads their earnings: page 1 and page 200, one request at a
// time and 10 at once. PostgreSQL only (the shop's load is what a production database takes):
// a throwaway database of its own, whatever `--db` says.
import { adminAccessToken, seedBenchUser } from "../admin-load";
import { startApi } from "../api-server";
import { createSeedToken } from "../auth-load";
import { measure } from "../load-test";
import {
  APPROVED_PARTNERS,
  explainEarnings,
  orderStream,
  PLAN,
  seedPartnersAndBuyers,
  verifyOrders,
} from "../partner-load";
import { apiLoginAll } from "../session-load";
import {
  createBenchDatabase,
  PostgresUnreachableError,
  unlessUnreachable,
  withClient,
} from "../throwaway-postgres";
import { measured, notMeasured, type Scenario, type ScenarioResult } from "./result";

const ORDERS_NAME = "partner-orders";
const EARNINGS_CASES = [
  { key: "page1-1conn", page: "first" as const, connections: 1 },
  { key: "page1-10conn", page: "first" as const, connections: 10 },
  { key: "page200-1conn", page: "last" as const, connections: 1 },
  { key: "page200-10conn", page: "last" as const, connections: 10 },
];
const PARTNER_NAMES = [ORDERS_NAME, ...EARNINGS_CASES.map((item) => `partner-earnings-${item.key}`)];

/** New orders reported; BENCH_PARTNER_ORDERS=5000 for a quick try (the partner then has 500 commissions). */
const DEFAULT_ORDERS = 100_000;
const REPEAT_SHARE = 0.05;
const REFUND_SHARE = 0.02;
/** One at a time: this many requests, after EARNINGS_WARMUP_REQUESTS not counted. */
const EARNINGS_SEQUENTIAL_REQUESTS = 200;
const EARNINGS_WARMUP_REQUESTS = 20;
/** lib/schemas/partner.ts EARNINGS_PAGE_SIZE. */
const EARNINGS_PAGE_SIZE = 50;

function log(message: string) {
  console.error(`[bench]   ${message}`);
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const thousands = (value: number) => value.toLocaleString("en");

function orderCount(): number {
  const asked = Number(process.env.BENCH_PARTNER_ORDERS ?? DEFAULT_ORDERS);
  if (!Number.isInteger(asked) || asked < 1_000)
    throw new Error("BENCH_PARTNER_ORDERS must be an integer ≥ 1000");
  return asked;
}

/** A super admin's call at the API directly; throws unless it answers `status`. */
async function adminCall(url: string, token: string, method: string, body: unknown, status: number) {
  const answer = await fetch(url, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  if (answer.status !== status) throw new Error(`${method} ${url}: status ${answer.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export const partnerScenario: Scenario = {
  names: PARTNER_NAMES,
  needsNextBuild: false,
  async run(context) {
    const orders = orderCount();
    const database = await unlessUnreachable(createBenchDatabase);
    if (database instanceof PostgresUnreachableError) {
      return PARTNER_NAMES.map((name) => notMeasured(name, "skipped", database.message));
    }
    const seedToken = createSeedToken();
    const api = await startApi({
      label: "partner",
      verbose: context.verbose,
      settings: { DATABASE_URL: database.url, E2E_SEED_TOKEN: seedToken, LOG_LEVEL: "warn" },
    });
    try {
      // A super admin makes the shop's key and sets the plan, as in production.
      let started = Date.now();
      const adminToken = await adminAccessToken(api.url, seedToken, "super_admin");
      const created = await adminCall(
        `${api.url}/api/admin/shop-keys`,
        adminToken,
        "POST",
        { name: "Bench shop" },
        201,
      );
      const shopKey = String(created.key);
      await adminCall(`${api.url}/api/admin/commission-plan`, adminToken, "PUT", PLAN, 200);
      const partner = await seedBenchUser(api.url, seedToken, "Partner", {
        role: "user",
        permissions: [],
        approved: true,
      });
      const buyers = await seedPartnersAndBuyers(database.url, partner.id);
      log(
        `shop key and plan set, ${buyers.others.length + buyers.own.length} buyers of approved and unapproved ` +
          `inviters seeded in ${seconds(started)}`,
      );

      const stream = orderStream(shopKey, buyers, {
        orders,
        repeatShare: REPEAT_SHARE,
        refundShare: REFUND_SHARE,
      });
      log(
        `reporting ${thousands(stream.orders)} orders + ${thousands(stream.repeats)} repeats + ` +
          `${thousands(stream.refunds)} refunds at ${context.settings.connections} connections…`,
      );
      started = Date.now();
      const reported = await measure(
        { url: `${api.url}/api/partner/orders`, requests: stream.steps, amount: stream.requests },
        context.settings,
      );
      log(`reported in ${seconds(started)}; checking the database…`);
      const checks = await verifyOrders(database.url, stream, partner.id);
      const failed = checks.filter((check) => check.found !== check.expected);
      for (const check of failed) log(`MISMATCH ${check.what}: ${check.found}, expected ${check.expected}`);
      const figures = stream.figures();
      const kindNote = (label: string, kind: keyof typeof figures) => {
        const of = figures[kind];
        return `${label} ${thousands(of.requests)}: p50 ${of.p50Ms} / p95 ${of.p95Ms} / p99 ${of.p99Ms} ms ${JSON.stringify(of.statusCodes)}`;
      };
      const ordersPerSecond = Math.round((reported.requestsPerSecond * stream.orders) / stream.requests);
      const count = (what: string) => checks.find((check) => check.what === what)?.found ?? 0;
      const ordersResult = measured(
        ORDERS_NAME,
        reported,
        `POST /api/partner/orders with a shop key (Bearer), API on PostgreSQL (pool of 10, LOG_LEVEL=warn), ` +
          `${context.settings.connections} connections, measured by count without warm-up: ` +
          `${thousands(stream.requests)} reports = ${thousands(stream.orders)} new orders ` +
          `+ ${thousands(stream.repeats)} repeats (same body again) + ${thousands(stream.refunds)} refunds ` +
          `(status "refunded"), shuffled; req/s = reports/s, ≈ ${thousands(ordersPerSecond)} new orders/s; ` +
          `p95 ${reported.p95Ms} ms; by kind (setup to answer): ${kindNote("new", "new")}; ` +
          `${kindNote("repeats", "repeat")}; ${kindNote("refunds", "refund")}; ` +
          `${stream.mismatchedAnswers()} answers unlike the first report's; buyers: ${thousands(buyers.others.length)} ` +
          `invited by ${thousands(APPROVED_PARTNERS)} approved partners or 100 unapproved members or by nobody, ` +
          `and for every tenth order one of the signed-in partner's ${buyers.own.length}; ` +
          `plan ${PLAN.personalPercent} % / ${PLAN.companyPercent} %; database checked: ` +
          `${thousands(count("shop_orders rows"))} shop_orders (${thousands(count("refunded orders"))} refunded), ` +
          `${thousands(count("commissions"))} commissions each with one 'earned' row, ` +
          `${thousands(count("'reversed' ledger rows"))} 'reversed' rows, held balance = unrefunded commissions: ` +
          (failed.length === 0
            ? `all ${checks.length} checks match`
            : `WARNING: ${failed.map((check) => `${check.what} ${check.found} (expected ${check.expected})`).join(", ")}`),
      );
      if (stream.mismatchedAnswers() > 0)
        ordersResult.notes += "; WARNING: answers unlike the first report's";
      const results: ScenarioResult[] = [];
      if (context.wanted.has(ORDERS_NAME)) results.push(ordersResult);

      const wantedEarnings = EARNINGS_CASES.filter((item) =>
        context.wanted.has(`partner-earnings-${item.key}`),
      );
      if (wantedEarnings.length === 0) return results;
      // As autovacuum would have by the time a partner looks: planner statistics and the visibility
      // map (index-only scans) for what the load wrote. Without it the figures depend on how far
      // autovacuum got on a busy machine.
      started = Date.now();
      await withClient(database.url, (client) =>
        client.query("vacuum analyze shop_orders, commissions, ledger_entries"),
      );
      log(`vacuum analyze of shop_orders, commissions, ledger_entries in ${seconds(started)}`);
      const [session] = await apiLoginAll(api.url, [partner.email]);
      if (!session) throw new Error("the partner did not sign in");
      const headers = { authorization: `Bearer ${session.accessToken}` };
      const lastPage = Math.max(1, Math.ceil(stream.ownOrders / EARNINGS_PAGE_SIZE));
      const pageOf = (which: "first" | "last") => (which === "first" ? 1 : lastPage);
      for (const page of [1, lastPage]) {
        const url = `${api.url}/api/earnings?page=${page}`;
        const answer = await fetch(url, { headers });
        const body = (await answer.json()) as { total?: number; entries?: unknown[] };
        if (answer.status !== 200 || body.total !== stream.ownOrders || !body.entries?.length) {
          throw new Error(
            `GET ${url}: status ${answer.status}, total ${body.total}, ${body.entries?.length} entries`,
          );
        }
        for (let index = 0; index < EARNINGS_WARMUP_REQUESTS; index += 1) {
          await (await fetch(url, { headers })).arrayBuffer();
        }
      }
      for (const item of wantedEarnings) {
        const page = pageOf(item.page);
        const target = { url: `${api.url}/api/earnings?page=${page}`, headers };
        const measurement =
          item.connections === 1
            ? await measure(
                { ...target, amount: EARNINGS_SEQUENTIAL_REQUESTS },
                { ...context.settings, connections: 1 },
              )
            : await measure(target, { ...context.settings, connections: item.connections });
        const how =
          item.connections === 1
            ? `${EARNINGS_SEQUENTIAL_REQUESTS} requests one after another (after ${EARNINGS_WARMUP_REQUESTS} not counted)`
            : `${item.connections} connections for ${context.settings.durationSeconds} s after ${context.settings.warmupSeconds} s warm-up`;
        results.push(
          measured(
            `partner-earnings-${item.key}`,
            measurement,
            `GET /api/earnings?page=${page} (of ${lastPage}, ${EARNINGS_PAGE_SIZE} a page) as a signed-in partner with ` +
              `${thousands(stream.ownOrders)} commissions (${thousands(count("commissions"))} in all, ` +
              `${thousands(stream.requests)} reports before, then vacuum analyze), PostgreSQL, ${how}: ` +
              `p95 ${measurement.p95Ms} ms (goal p99 ≤ 100 ms)`,
          ),
        );
      }
      // What the database itself spends on each of the call's queries, and the plans with --verbose.
      const explained = await explainEarnings(database.url, partner.id, [1, lastPage], EARNINGS_PAGE_SIZE);
      const queryNote = `queries' execution (EXPLAIN ANALYZE, once warm): ${explained
        .map((query) => `${query.query} ${query.executionMs} ms`)
        .join(", ")}`;
      for (const query of explained) {
        if (context.verbose) log(`EXPLAIN ANALYZE ${query.query}:\n${query.plan}`);
      }
      for (const result of results)
        if (result.name.startsWith("partner-earnings")) result.notes += `; ${queryNote}`;
      return results;
    } finally {
      await api.stop();
      await database.drop();
    }
  },
};
