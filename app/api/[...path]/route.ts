import { bffOptions } from "@/web/bff-options";
import { handleBffRequest } from "@/web/bff-session";

// The BFF: every /api/* call of the browser goes through here to the API, so the browser talks
// to one origin and never holds a token.
export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  return handleBffRequest(request, bffOptions());
}

export {
  handle as DELETE,
  handle as GET,
  handle as HEAD,
  handle as OPTIONS,
  handle as PATCH,
  handle as POST,
  handle as PUT,
};
