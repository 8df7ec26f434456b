import { healthAnswer } from "@/web/health";

export const dynamic = "force-dynamic";

/** Liveness: this web process answers; nothing else is asked (restart it when this fails). */
export function GET(request: Request) {
  return healthAnswer(request, 200, { status: "ok", uptimeSeconds: Math.round(process.uptime()) });
}
