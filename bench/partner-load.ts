// The partner programme's data for the partner scenario: partners and the buyers they invited,
// seeded in SQL; the stream of orders the shop reports (new ones, repeats of earlier reports and
// refunds), as autocannon steps; and the check afterwards that the database holds exactly the
// orders, commissions and ledger rows the stream should have left.
import type { RequestStep } from "autocannon";
import { partnerApi } from "../lib/api/partner";
import { withClient } from "./throwaway-postgres";

/** Approved partners (users.admin_verified_at set), each inviting BUYERS_PER_INVITER buyers. */
export const APPROVED_PARTNERS = 1_000;
/** Members not (yet) approved who invited buyers too: their buyers' orders earn nothing. */
const UNAPPROVED_INVITERS = 100;
const BUYERS_PER_INVITER = 10;
/** Buyers nobody invited: their orders earn nothing either. */
const UNINVITED_BUYERS = 1_000;
/** The buyers the signed-in partner invited: every tenth order is one of theirs. */
const OWN_BUYERS = 50;
/** Every ORDERS_PER_OWN-th order is bought by one of the signed-in partner's buyers. */
const ORDERS_PER_OWN = 10;
/** The plan the scenario sets (PUT /api/admin/commission-plan), in basis points. */
export const PLAN = { personalPercent: 10, companyPercent: 12.5, minimumOrderCents: 0 } as const;

export type Buyers = {
  /** The signed-in partner's buyers. */
  own: string[];
  /** Everyone else's, and whether their inviter is approved (so their orders earn a commission). */
  others: Array<{ id: string; earns: boolean }>;
};

/**
 * Partners (three in four personal, one in four a company; the approved ones first), their buyers,
 * and the signed-in partner's buyers, straight into PostgreSQL after the API migrated it.
 */
export async function seedPartnersAndBuyers(databaseUrl: string, ownPartnerId: string): Promise<Buyers> {
  return withClient(databaseUrl, async (client) => {
    await client.query(
      `insert into users (email, user_type, role, status, first_name, last_name, company_name, admin_verified_at)
       select 'bench.partner.' || n || '@example.com',
              (case when n % 4 = 0 then 'company' else 'personal' end)::user_type,
              'user'::user_role, 'active'::user_status, 'Partner', 'Nr ' || n,
              case when n % 4 = 0 then 'Partner ' || n || ' GmbH' end,
              case when n <= $1::int then now() - interval '60 days' end
       from generate_series(1, $1::int + $2::int) as n`,
      [APPROVED_PARTNERS, UNAPPROVED_INVITERS],
    );
    const invited = (APPROVED_PARTNERS + UNAPPROVED_INVITERS) * BUYERS_PER_INVITER;
    await client.query(
      `with inviters as (select array_agg(id order by id) as ids from users where email like 'bench.partner.%')
       insert into users (email, status, first_name, last_name, referred_by_user_id)
       select 'bench.buyer.' || n || '@example.com', 'active'::user_status, 'Buyer', 'Nr ' || n,
              case when n <= $2::int then inviters.ids[1 + n % array_length(inviters.ids, 1)] end
       from inviters, generate_series(1, $1::int) as n`,
      [invited + UNINVITED_BUYERS, invited],
    );
    await client.query(
      `insert into users (email, status, first_name, last_name, referred_by_user_id)
       select 'bench.own-buyer.' || n || '@example.com', 'active'::user_status, 'Buyer', 'Own ' || n, $2::uuid
       from generate_series(1, $1::int) as n`,
      [OWN_BUYERS, ownPartnerId],
    );
    await client.query("vacuum analyze users");
    const { rows } = await client.query<{ id: string; own: boolean; earns: boolean }>(
      `select b.id, b.email like 'bench.own-buyer.%' as own,
              coalesce(p.admin_verified_at is not null and p.status <> 'suspended', false) as earns
       from users b left join users p on p.id = b.referred_by_user_id
       where b.email like 'bench.buyer.%' or b.email like 'bench.own-buyer.%'
       order by b.email`,
    );
    return {
      own: rows.filter((row) => row.own).map((row) => row.id),
      others: rows.filter((row) => !row.own).map((row) => ({ id: row.id, earns: row.earns })),
    };
  });
}

const KINDS = ["new", "repeat", "refund"] as const;
type Kind = (typeof KINDS)[number];

type KindFigures = {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  statusCodes: Record<string, number>;
};

export type OrderStream = {
  steps: RequestStep[];
  /** Requests in all: every new order once, plus the repeats and the refunds. */
  requests: number;
  orders: number;
  repeats: number;
  refunds: number;
  /** The signed-in partner's orders (each earns them a commission). */
  ownOrders: number;
  /** Orders whose buyer has an approved inviter: each must have earned one commission. */
  earningOrders: number;
  /** Per kind of request, from each request's setup to its answer. */
  figures(): Record<Kind, KindFigures>;
  /** Refunds answered 200 of orders that had earned a commission: each must have reversed it. */
  reversals(): number;
  /** 200 answers that differ from what the first report was answered (status, receivedAt). */
  mismatchedAnswers(): number;
};

/** A 32-bit integer hash of `n`, for the orders' buyers and amounts (the same every run). */
function hash(n: number): number {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** mulberry32: a seeded generator, so every run shuffles the same way. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function percentile(sorted: number[], percent: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.ceil((percent / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, rank)] ?? 0) * 100) / 100;
}

type OrderContext = { kind?: Kind; order?: number; sentAt?: number };

/**
 * POST /api/partner/orders for `orders` new orders, with `repeatShare` of them reported again
 * (the same body as that order's last report) and `refundShare` refunded (the paid report's body
 * with status "refunded"), shuffled among the new ones. A repeat or a refund is only ever of an
 * order already answered and with no other report in flight: a refund overtaking its order's paid
 * report would be a conflict (409), which a shop reporting in order never sees. The first tenth
 * (at most 1 000) are new orders, so there is something to repeat.
 */
export function orderStream(
  shopKey: string,
  buyers: Buyers,
  options: { orders: number; repeatShare: number; refundShare: number },
): OrderStream {
  const { orders } = options;
  const repeats = Math.round(orders * options.repeatShare);
  const refunds = Math.round(orders * options.refundShare);
  const random = seededRandom(42);
  const placedBefore = Date.now();

  const buyerOf = (order: number) =>
    order % ORDERS_PER_OWN === 0
      ? { id: buyers.own[(order / ORDERS_PER_OWN) % buyers.own.length] as string, earns: true }
      : (buyers.others[hash(order) % buyers.others.length] as { id: string; earns: boolean });
  const body = (order: number, status: "paid" | "refunded") =>
    JSON.stringify({
      orderId: `bench-order-${order}`,
      buyerSub: buyerOf(order).id,
      amountCents: 500 + (hash(order * 7 + 1) % 49_501),
      currency: "EUR",
      placedAt: new Date(placedBefore - order * 1_000).toISOString(),
      status,
    });

  // Which kind each request is: new orders first, then all kinds shuffled (Fisher-Yates).
  const head = Math.min(1_000, Math.ceil(orders / 10));
  const kinds: Kind[] = [
    ...Array<Kind>(orders).fill("new"),
    ...Array<Kind>(repeats).fill("repeat"),
    ...Array<Kind>(refunds).fill("refund"),
  ];
  for (let index = kinds.length - 1; index > head; index -= 1) {
    const other = head + Math.floor(random() * (index - head + 1));
    [kinds[index], kinds[other]] = [kinds[other] as Kind, kinds[index] as Kind];
  }

  let nextRequest = 0;
  let nextNew = 0;
  const refunded = new Uint8Array(orders);
  const inFlight = new Uint8Array(orders);
  const receivedAt: (string | undefined)[] = new Array(orders);
  /** Orders answered, which a repeat may pick. */
  const answered: number[] = [];
  /** Orders answered as paid and not yet picked for a refund. */
  const paidPool: number[] = [];
  const latencies = Object.fromEntries(KINDS.map((kind) => [kind, [] as number[]])) as Record<Kind, number[]>;
  const statusCodes = Object.fromEntries(KINDS.map((kind) => [kind, {}])) as Record<
    Kind,
    Record<string, number>
  >;
  let reversals = 0;
  let mismatched = 0;

  /** An order of `pool` with no report in flight (`take`: removed from it); -1 when there is none. */
  const pick = (pool: number[], take: boolean): number => {
    if (pool.length === 0) return -1;
    const start = Math.floor(random() * pool.length);
    for (let step = 0; step < pool.length; step += 1) {
      const at = (start + step) % pool.length;
      const order = pool[at] as number;
      if (inFlight[order]) continue;
      if (take) {
        pool[at] = pool[pool.length - 1] as number;
        pool.pop();
      }
      return order;
    }
    return -1;
  };

  const step: RequestStep = {
    method: "POST",
    path: partnerApi.reportOrder.path,
    headers: { "content-type": "application/json", authorization: `Bearer ${shopKey}` },
    setupRequest: (request, context: OrderContext) => {
      let kind = kinds[nextRequest++] ?? "repeat";
      let order = kind === "refund" ? pick(paidPool, true) : kind === "repeat" ? pick(answered, false) : -1;
      // Nothing answered yet to repeat or refund (only if the API failed every order so far).
      if (kind !== "new" && order < 0) kind = "new";
      if (kind === "new") order = nextNew < orders ? nextNew++ : 0;
      inFlight[order] = (inFlight[order] ?? 0) + 1;
      context.kind = kind;
      context.order = order;
      context.sentAt = performance.now();
      request.body = body(order, kind === "refund" || refunded[order] ? "refunded" : "paid");
      return request;
    },
    onResponse: (status, text, context: OrderContext) => {
      const { kind, order, sentAt } = context;
      if (kind === undefined || order === undefined || sentAt === undefined) return;
      latencies[kind].push(performance.now() - sentAt);
      statusCodes[kind][status] = (statusCodes[kind][status] ?? 0) + 1;
      inFlight[order] = (inFlight[order] ?? 1) - 1;
      if (status !== 200) return;
      let answer: { status?: string; receivedAt?: string };
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        mismatched += 1;
        return;
      }
      if (kind === "new") {
        receivedAt[order] = answer.receivedAt;
        answered.push(order);
        paidPool.push(order);
        if (answer.status !== "paid") mismatched += 1;
        return;
      }
      if (kind === "refund") {
        refunded[order] = 1;
        if (buyerOf(order).earns) reversals += 1;
      }
      const expected = refunded[order] ? "refunded" : "paid";
      if (answer.status !== expected || answer.receivedAt !== receivedAt[order]) mismatched += 1;
    },
  };

  let earningOrders = 0;
  for (let order = 0; order < orders; order += 1) if (buyerOf(order).earns) earningOrders += 1;
  return {
    steps: [step],
    requests: kinds.length,
    orders,
    repeats,
    refunds,
    ownOrders: Math.ceil(orders / ORDERS_PER_OWN),
    earningOrders,
    figures: () =>
      Object.fromEntries(
        KINDS.map((kind) => {
          const sorted = [...latencies[kind]].sort((a, b) => a - b);
          const figures: KindFigures = {
            requests: sorted.length,
            p50Ms: percentile(sorted, 50),
            p95Ms: percentile(sorted, 95),
            p99Ms: percentile(sorted, 99),
            statusCodes: statusCodes[kind],
          };
          return [kind, figures];
        }),
      ) as Record<Kind, KindFigures>,
    reversals: () => reversals,
    mismatchedAnswers: () => mismatched,
  };
}

type Check = { what: string; found: number; expected: number };

/**
 * Counts in the database against what the stream should have left: the orders, the refunded ones,
 * one commission per order whose buyer's inviter is approved (at the plan's rate for the
 * inviter's account type, half a cent up), one 'earned' ledger row each, one 'reversed' row per
 * refunded commission, nothing else, and the held balance equal to the unrefunded commissions.
 */
export async function verifyOrders(
  databaseUrl: string,
  stream: OrderStream,
  ownPartnerId: string,
): Promise<Check[]> {
  return withClient(databaseUrl, async (client) => {
    const count = async (statement: string, values: unknown[] = []) =>
      Number((await client.query<{ n: string }>(statement, values)).rows[0]?.n ?? Number.NaN);
    const commissions = stream.earningOrders;
    return [
      {
        what: "shop_orders rows",
        found: await count("select count(*) as n from shop_orders"),
        expected: stream.orders,
      },
      {
        what: "refunded orders",
        found: await count("select count(*) as n from shop_orders where status = 'refunded'"),
        expected: stream.refunds,
      },
      {
        what: "commissions",
        found: await count("select count(*) as n from commissions"),
        expected: commissions,
      },
      {
        what: "orders of an approved inviter's buyer without a commission",
        found: await count(
          `select count(*) as n from shop_orders o
           join users b on b.id = o.buyer_user_id join users p on p.id = b.referred_by_user_id
           where p.admin_verified_at is not null and p.status <> 'suspended'
             and not exists (select 1 from commissions c where c.shop_order_id = o.id)`,
        ),
        expected: 0,
      },
      {
        what: "commissions to anyone but the buyer's approved inviter, or at another rate or amount",
        found: await count(
          `select count(*) as n from commissions c
           join shop_orders o on o.id = c.shop_order_id
           join users b on b.id = o.buyer_user_id join users p on p.id = c.partner_user_id
           where b.referred_by_user_id is distinct from c.partner_user_id or p.admin_verified_at is null
              or c.basis_points <> case p.user_type when 'company' then $1::int else $2::int end
              or c.amount_cents <> (o.amount_cents * c.basis_points * 2 + 10000) / 20000`,
          [PLAN.companyPercent * 100, PLAN.personalPercent * 100],
        ),
        expected: 0,
      },
      {
        what: "'earned' ledger rows",
        found: await count("select count(*) as n from ledger_entries where event = 'earned'"),
        expected: commissions,
      },
      {
        what: "commissions without exactly one matching 'earned' row (pending, its amount, its partner)",
        found: await count(
          `select count(*) as n from commissions c
           where 1 <> (select count(*) from ledger_entries l
                       where l.commission_id = c.id and l.event = 'earned' and l.bucket = 'pending'
                         and l.amount_cents = c.amount_cents and l.partner_user_id = c.partner_user_id)`,
        ),
        expected: 0,
      },
      {
        what: "'reversed' ledger rows",
        found: await count("select count(*) as n from ledger_entries where event = 'reversed'"),
        expected: stream.reversals(),
      },
      {
        what: "refunded commissions without exactly one 'reversed' row of minus their amount",
        found: await count(
          `select count(*) as n from commissions c join shop_orders o on o.id = c.shop_order_id
           where o.status = 'refunded'
             and 1 <> (select count(*) from ledger_entries l
                       where l.commission_id = c.id and l.event = 'reversed' and l.bucket = 'pending'
                         and l.amount_cents = -c.amount_cents)`,
        ),
        expected: 0,
      },
      {
        what: "ledger rows of other events",
        found: await count(
          "select count(*) as n from ledger_entries where event not in ('earned', 'reversed')",
        ),
        expected: 0,
      },
      {
        what: "held balance (sum of pending rows) minus the paid orders' commissions, in cents",
        found: await count(
          `select (select coalesce(sum(amount_cents), 0) from ledger_entries where bucket = 'pending')
                - (select coalesce(sum(c.amount_cents), 0) from commissions c
                   join shop_orders o on o.id = c.shop_order_id where o.status = 'paid') as n`,
        ),
        expected: 0,
      },
      {
        what: "the signed-in partner's commissions",
        found: await count("select count(*) as n from commissions where partner_user_id = $1", [
          ownPartnerId,
        ]),
        expected: stream.ownOrders,
      },
    ];
  });
}

/** Execution times (ms, server side) and plans of GET /api/earnings' queries, as earnings.ts and ledger.ts build them. */
export async function explainEarnings(
  databaseUrl: string,
  partnerId: string,
  pages: number[],
  pageSize: number,
): Promise<Array<{ query: string; executionMs: number; plan: string }>> {
  const queries = [
    {
      query: "balances (ledger sums by bucket)",
      sql: `select bucket, coalesce(sum(amount_cents), 0) from ledger_entries where partner_user_id = $1 group by bucket`,
      values: [partnerId],
    },
    {
      query: "count of commissions",
      sql: "select count(*) from commissions where partner_user_id = $1",
      values: [partnerId],
    },
    ...pages.map((page) => ({
      query: `entries, page ${page}`,
      // The page first, then its 50 rows joined and stated (earnings.ts, onePage).
      sql: `select chosen.id, o.placed_at, o.amount_cents, chosen.amount_cents, chosen.earned_at,
              (select case max(case l.event when 'reversed' then 4 when 'paid' then 3 when 'approved' then 2 else 1 end)
                      when 4 then 'reversed' when 3 then 'paid' when 2 then 'approved' else 'pending' end
               from ledger_entries l where l.commission_id = chosen.id)
            from (select id, shop_order_id, amount_cents, earned_at from commissions
                  where partner_user_id = $1
                  order by earned_at desc, id desc limit $2 offset $3) chosen
            inner join shop_orders o on o.id = chosen.shop_order_id
            order by chosen.earned_at desc, chosen.id desc`,
      values: [partnerId, pageSize, (page - 1) * pageSize],
    })),
  ];
  return withClient(databaseUrl, async (client) => {
    const explained = [];
    for (const { query, sql, values } of queries) {
      // Once to warm the cache as the measured requests had, then the plan that counts.
      await client.query(`explain (analyze) ${sql}`, values);
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        `explain (analyze, buffers) ${sql}`,
        values,
      );
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
      explained.push({ query, executionMs, plan });
    }
    return explained;
  });
}
