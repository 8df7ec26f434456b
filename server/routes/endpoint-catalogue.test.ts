import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../lib/api/account";
import { adminOpsApi, adminUserApi, adminVerificationApi, permissionApi } from "../../lib/api/admin";
import { authApi } from "../../lib/api/auth";
import { contractApi, stampApi, templateApi } from "../../lib/api/contracts";
import { apiPath, type Endpoint, honoPath } from "../../lib/api/endpoint";
import { newsApi } from "../../lib/api/news";
import { onboardingApi } from "../../lib/api/onboarding";
import { partnerApi } from "../../lib/api/partner";
import { referralApi } from "../../lib/api/referrals";
import { systemApi } from "../../lib/api/system";
import { createTestApp, type TestApp } from "../testing/test-app";

const areas = {
  accountApi,
  adminOpsApi,
  adminUserApi,
  adminVerificationApi,
  permissionApi,
  authApi,
  contractApi,
  stampApi,
  templateApi,
  newsApi,
  onboardingApi,
  partnerApi,
  referralApi,
  systemApi,
};

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === "object" && value !== null && "method" in value && "path" in value;

/** Every endpoint of the catalogue, nested ones (one per account type) included. */
function endpointsOf(value: unknown): Endpoint[] {
  if (isEndpoint(value)) return [value];
  return Object.values(value as Record<string, unknown>).flatMap(endpointsOf);
}

const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("the endpoint catalogue (lib/api)", () => {
  it("names every route the API registers, and only those, with the method it answers", () => {
    const registered = new Set(
      t.app.routes
        .filter((route) => route.method !== "ALL")
        .map((route) => routeKey(route.method, route.path)),
    );
    const catalogued = new Set(
      endpointsOf(areas).map((endpoint) => routeKey(endpoint.method, honoPath(endpoint))),
    );
    expect([...catalogued].filter((key) => !registered.has(key)).sort()).toEqual([]);
    expect([...registered].filter((key) => !catalogued.has(key)).sort()).toEqual([]);
  });

  it("lists each endpoint once", () => {
    const keys = endpointsOf(areas).map((endpoint) => routeKey(endpoint.method, endpoint.path));
    expect(keys.length).toBe(new Set(keys).size);
  });

  it("documents each OpenAPI route under the catalogue's path", async () => {
    const document = (await (await t.app.request(apiPath(systemApi.openapi))).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const catalogued = new Set(
      endpointsOf(areas).map((endpoint) => routeKey(endpoint.method, endpoint.path)),
    );
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => routeKey(method, path)),
    );
    expect(documented.filter((key) => !catalogued.has(key))).toEqual([]);
  });
});

describe("apiPath", () => {
  it("fills the path's parameters URL-encoded and appends the set query values", () => {
    expect(apiPath(newsApi.update, { id: "a/b c" })).toBe("/api/admin/news/a%2Fb%20c");
    expect(apiPath(newsApi.published, { limit: 5, lang: "de", page: undefined })).toBe(
      "/api/news?limit=5&lang=de",
    );
    expect(apiPath(templateApi.preview, { id: "t1" }, { version: 3 })).toBe(
      "/api/document-templates/t1/preview?version=3",
    );
    expect(apiPath(adminOpsApi.audit, {})).toBe("/api/admin/audit");
  });

  it("refuses a path parameter without a value rather than calling a wrong path", () => {
    expect(() => apiPath(newsApi.update, {} as { id: string })).toThrow(/\{id\}/);
  });
});
