import { healthAnswer } from "@/web/health";

export const dynamic = "force-dynamic";

/** The web tier's own liveness, for load balancers (and the bench's bare-route baseline). */
export function GET(request: Request) {
  return healthAnswer(request, 200, { status: "ok" });
}
