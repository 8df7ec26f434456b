import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { type AppEnv, clientIp } from "../http";

const countrySchema = z.object({ countryCode: z.string().length(2).nullable() });

/** Reads a two-letter country code from the answer shapes public lookup services use. */
function countryFrom(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  for (const key of ["countryCode", "country_code", "country"]) {
    const value = record[key];
    if (typeof value === "string" && /^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  }
  return null;
}

/**
 * Country detection, server side: the configured IP lookups (GEO_LOOKUP_URLS, `{ip}`
 * replaced) are asked in turn, within one overall budget. Off when none are configured — the
 * default, since it sends the visitor's address to a third party (docs/decisions/006).
 */
export function registerGeoRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { lookupUrls: string[]; budgetMs: number },
) {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/geo/country",
      summary: "The visitor's country for the phone field's default (null when unknown)",
      responses: {
        200: { description: "Country", content: { "application/json": { schema: countrySchema } } },
      },
    }),
    async (c) => {
      const ip = clientIp(c);
      const deadline = Date.now() + deps.budgetMs;
      for (const template of deps.lookupUrls) {
        const left = deadline - Date.now();
        if (left <= 0 || !ip) break;
        try {
          const response = await fetch(template.replace("{ip}", encodeURIComponent(ip)), {
            signal: AbortSignal.timeout(left),
            headers: { accept: "application/json" },
          });
          const code = response.ok ? countryFrom(await response.json()) : null;
          if (code) return c.json({ countryCode: code }, 200);
        } catch {
          // The next lookup, or none.
        }
      }
      return c.json({ countryCode: null }, 200);
    },
  );
}
