import { bffOptions } from "@/web/bff-options";
import { handleBffRequest } from "@/web/bff-session";
import { withWebLogsAnswer } from "@/web/server-logs";

// The BFF for the admin dashboard's server status (adminOpsApi.serverStatus), handled as the
// catch-all (app/api/[...path]) handles every call: its refresh shows this web instance's recent
// log lines beside the API's, as its first render does.
export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  return handleBffRequest(request, bffOptions());
}

async function GET(request: Request): Promise<Response> {
  return withWebLogsAnswer(await handle(request));
}

export {
  GET,
  handle as DELETE,
  handle as HEAD,
  handle as OPTIONS,
  handle as PATCH,
  handle as POST,
  handle as PUT,
};
