import { webEnv } from "@/web/env";
import { apiReadiness, healthAnswer, webTierStopping } from "@/web/health";
import { safeRequestId } from "@/web/log";

export const dynamic = "force-dynamic";

/**
 * Readiness: send traffic here only while the API behind it is ready (its database, migrations
 * and storage); every page and BFF call needs it. 503 otherwise, within a short timeout, and at
 * once while this process is stopping (its shutdown delay, in which it still serves everything).
 */
export async function GET(request: Request) {
  if (webTierStopping()) return healthAnswer(request, 503, { status: "stopping" });
  const api = await apiReadiness(webEnv().API_URL, {
    requestId: safeRequestId(request.headers.get("x-request-id")),
  });
  const ready = api === "ready";
  return healthAnswer(request, ready ? 200 : 503, { status: ready ? "ready" : "not_ready", api });
}
