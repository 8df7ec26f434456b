// The catalogue's building block. An endpoint is the method and the path as the OpenAPI document
// writes it (`/api/admin/news/{id}`). It holds no schema on purpose: browser code imports these
// modules to build a path, and a zod schema would bring zod's runtime to pages that load it only
// when a form is used. The schemas stay in lib/schemas; each API route pairs its endpoint with them.

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export type Endpoint<M extends HttpMethod = HttpMethod, P extends string = string> = {
  readonly method: M;
  readonly path: P;
};

/** The names of a path's `{…}` parameters. */
type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** A query string's values; null and undefined are left out. */
type Query = Record<string, string | number | boolean | null | undefined>;

type PathArgs<P extends string> = [PathParamNames<P>] extends [never]
  ? [query?: Query]
  : [params: Record<PathParamNames<P>, string>, query?: Query];

const endpoint =
  <M extends HttpMethod>(method: M) =>
  <const P extends `/api/${string}`>(path: P): Endpoint<M, P> =>
    Object.freeze({ method, path });

export const get = endpoint("get");
export const post = endpoint("post");
export const put = endpoint("put");
export const patch = endpoint("patch");
export const del = endpoint("delete");

function queryString(query: Query | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * The path to call: each `{name}` replaced by its value, URL-encoded (an id can hold any
 * character), then the query's set values.
 */
export function apiPath<P extends string>(endpoint: Endpoint<HttpMethod, P>, ...args: PathArgs<P>): string {
  const hasParams = endpoint.path.includes("{");
  const params = (hasParams ? args[0] : undefined) as Record<string, string> | undefined;
  const query = (hasParams ? args[1] : args[0]) as Query | undefined;
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`apiPath: no value for {${name}} in ${endpoint.path}`);
    return encodeURIComponent(value);
  });
  return path + queryString(query);
}

type HonoPath<P extends string> = P extends `${infer Head}{${infer Name}}${infer Rest}`
  ? `${Head}:${Name}${HonoPath<Rest>}`
  : P;

/** The path as Hono's router writes it (`:id`), for the routes registered without OpenAPI. */
export const honoPath = <P extends string>(endpoint: Endpoint<HttpMethod, P>) =>
  endpoint.path.replace(/\{(\w+)\}/g, ":$1") as HonoPath<P>;
