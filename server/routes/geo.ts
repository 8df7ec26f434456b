import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { systemApi } from "../../lib/api/system";
import type { Database } from "../db";
import { createCountryLookup } from "../domain/geo/look-up-country";
import { hitRateLimit } from "../domain/security/rate-limit";
import { AppError } from "../errors";
import { type AppEnv, clientIp } from "../http";
import { errorJson } from "./openapi";

const countrySchema = z.object({ countryCode: z.string().length(2).nullable() });

// Far above what a visitor's pages ask. Repeats are answered from the cache, but an IPv6 client
// rotating addresses inside its /64 (counted as one here) would miss it every time and spend the
// lookup service's quota.
const LOOKUPS_PER_IP = { limit: 60, windowSeconds: 60 * 60 };

/**
 * Country detection, server side: the configured IP lookups (GEO_LOOKUP_URLS, `{ip}`
 * replaced) are asked in turn, within one overall budget. Off when none are configured — the
 * default, since it sends the visitor's address to a third party (docs/decisions/006).
 */
export function registerGeoRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { db: Database; lookupUrls: string[]; budgetMs: number },
) {
  const lookUpCountry = createCountryLookup({ lookupUrls: deps.lookupUrls, budgetMs: deps.budgetMs });
  app.openapi(
    createRoute({
      ...systemApi.country,
      summary: "The visitor's country for the phone field's default (null when unknown)",
      responses: {
        200: { description: "Country", content: { "application/json": { schema: countrySchema } } },
        429: errorJson("Too many lookups from this address (RATE_LIMITED, Retry-After)"),
      },
    }),
    async (c) => {
      const ip = clientIp(c);
      // Without lookups there is nothing to protect, and no row to write per call.
      if (deps.lookupUrls.length === 0 || !ip) return c.json({ countryCode: null }, 200);
      const limit = await hitRateLimit(deps.db, `geo:ip:${ip}`, LOOKUPS_PER_IP);
      if (limit.exceeded) {
        throw new AppError("RATE_LIMITED", undefined, { retryAfterSeconds: limit.retryAfterSeconds });
      }
      return c.json({ countryCode: await lookUpCountry(ip) }, 200);
    },
  );
}
