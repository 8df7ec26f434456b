import { z } from "zod";
import { DEFAULT_TIME_ZONE, timeZoneSchema } from "@/lib/time-zone";

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const webEnvSchema = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"])).default("production"),
  API_URL: optional(z.url()).default("http://127.0.0.1:4000"),
  PUBLIC_URL: optional(z.url()).default("http://localhost:3000"),
  WEBSHOP_URL: optional(z.url()).default("https://shop.example.com"),
  // The shop's address that starts its "sign in with your membership" (OpenID Connect, the API's
  // WEBSHOP_OIDC_*): the dashboard's webshop button goes there when set, WEBSHOP_URL otherwise.
  WEBSHOP_SIGN_IN_URL: optional(z.url({ protocol: /^https?$/ })),
  // The operator's privacy policy and imprint, linked from every page's footer; unset: no link.
  PRIVACY_URL: optional(z.url({ protocol: /^https?$/ })),
  IMPRINT_URL: optional(z.url({ protocol: /^https?$/ })),
  // The zone of every date and time the pages show (an IANA name).
  APP_TIME_ZONE: optional(timeZoneSchema).default(DEFAULT_TIME_ZONE),
  // How long the BFF waits for the API's answer once the request is sent (ms).
  BFF_UPSTREAM_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(120_000)).default(8_000),
  // On a host that starts Next itself: the header its platform sets to the client's address
  // (web/client-ip.ts). Unset: X-Forwarded-For as the web server wrote it.
  CLIENT_IP_HEADER: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, "a header name")
      .transform((name) => name.toLowerCase()),
  ),
});

export type WebEnv = z.infer<typeof webEnvSchema>;

let cached: WebEnv | undefined;

/**
 * The web tier's configuration, read at runtime (not baked in at build time) and validated once.
 * A bad value throws with every problem listed; the server start checks it (web/env-check.ts),
 * so that happens before the first request.
 */
export function webEnv(): WebEnv {
  if (cached) return cached;
  const parsed = webEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid web configuration:\n${problems.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
}
