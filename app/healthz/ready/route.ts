import { webEnv } from "@/web/env";
import { apiReadiness, healthAnswer } from "@/web/health";
import { safeRequestId } from "@/web/log";

export const dynamic = "force-dynamic";

/**
 * Readiness: send traffic here only while the API behind it is ready (its database, migrations
 * and storage); every page and BFF call needs it. 503 otherwise, within a short timeout.
 */
export async function GET(request: Request) {
  const api = await apiReadiness(webEnv().API_URL, {
    requestId: safeRequestId(request.headers.get("x-request-id")),
  });
  const ready = api === "ready";
  return healthAnswer(request, ready ? 200 : 503, { status: ready ? "ready" : "not_ready", api });
}
