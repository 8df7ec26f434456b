import type { z } from "zod";
import { serverStatusSchema } from "@/lib/schemas/admin";
import { webLog } from "./server/web-log.mjs";

type ServerLogs = z.infer<typeof serverStatusSchema>["logs"];

/** As many lines of this web instance as the API sends of its own (server/domain/admin/server-status.ts). */
const WEB_LOG_LINES = 50;

/**
 * The answering API instance's recent lines and this web instance's, newest first: the admin log
 * view shows both tiers, each line with its tier. Both write ISO times in UTC, which sort as text.
 */
export function withWebLogs<T extends { logs: ServerLogs }>(
  status: T,
  webLines: ServerLogs = webLog().ring.recent(WEB_LOG_LINES),
): T {
  const logs = [...status.logs, ...webLines].sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
  return { ...status, logs };
}

/**
 * The BFF's answer to adminOpsApi.serverStatus with this web instance's lines merged in, as
 * the dashboard's first render has them (components/admin/shared/admin-data.server.ts). Only a 200 is
 * changed: the API decided that the caller may see logs. Every other field stays as the API sent it.
 */
export async function withWebLogsAnswer(answer: Response, webLines?: ServerLogs): Promise<Response> {
  if (answer.status !== 200) return answer;
  const body: unknown = await answer
    .clone()
    .json()
    .catch(() => undefined);
  if (!body || typeof body !== "object") return answer;
  const logs = serverStatusSchema.shape.logs.safeParse((body as { logs?: unknown }).logs);
  if (!logs.success) return answer;
  const headers = new Headers(answer.headers);
  // The body is a new one: the API's length and validator no longer describe it.
  headers.delete("content-length");
  headers.delete("etag");
  return new Response(JSON.stringify(withWebLogs({ ...body, logs: logs.data }, webLines)), {
    status: 200,
    headers,
  });
}
