import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMPLATE_HTML_MAX_BYTES } from "../../lib/constants";
import type { TemplateDetail, TemplateListResponse, TemplateSummary } from "../../lib/schemas/contracts";
import { auditLog, companyStamps, contractTemplates, contractTemplateVersions } from "../db/schema";
import { renderTemplatePdf } from "../domain/contracts/render-template-pdf";
import { PREVIEW_SAMPLE_VALUES } from "../domain/contracts/render-template-preview";
import { DEFAULT_TEMPLATE_IDS, seedDefaultTemplates } from "../domain/contracts/seed-default-templates";
import { loadActiveStampPng, loadTemplateVersion } from "../domain/contracts/template-queries";
import { call, createUser, loginOk } from "../testing/auth-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(db(), { role: "admin" });
  adminId = admin.id;
  adminToken = (await loginOk(t.app, admin.email, admin.password)).accessToken;
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Multipart bodies, built by hand so tests control the bytes

type FilePart = { filename: string; data: Buffer; type?: string };
type Form = { fields?: Record<string, string>; file?: FilePart };
const BOUNDARY = "----template-test-boundary-41c7";

function multipart({ fields = {}, file }: Form): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`));
    parts.push(Buffer.from(value, "utf8"), Buffer.from("\r\n"));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? "text/html"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

type Answer = {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; details?: unknown } };
};

/** `token` null sends no Authorization header. */
async function sendForm(
  method: "POST" | "PUT",
  path: string,
  form: Form,
  token: string | null = adminToken,
): Promise<Answer> {
  const body = multipart(form);
  const response = await t.app.request(path, {
    method,
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      "content-length": String(body.length),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

const tag = () => `T${randomBytes(4).toString("hex")}`;
const htmlFile = (html: string, filename = "template.html"): FilePart => ({
  filename,
  data: Buffer.from(html, "utf8"),
});

async function createTemplate(fields: Record<string, string>, html = "<h1>Vertrag</h1><p>Text</p>") {
  const answer = await sendForm("POST", "/api/document-templates", { fields, file: htmlFile(html) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as unknown as TemplateDetail;
}

const updateTemplate = (id: string, form: Form) => sendForm("PUT", `/api/document-templates/${id}`, form);

async function getDetail(id: string, version?: number): Promise<TemplateDetail> {
  const answer = await call(
    t.app,
    "GET",
    `/api/document-templates/${id}${version ? `?version=${version}` : ""}`,
    {
      token: adminToken,
    },
  );
  expect(answer.status).toBe(200);
  return answer.body as unknown as TemplateDetail;
}

async function list(query = ""): Promise<TemplateSummary[]> {
  const answer = await call(t.app, "GET", `/api/document-templates${query}`, { token: adminToken });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as TemplateListResponse).templates;
}

async function preview(id: string, version?: number) {
  const response = await t.app.request(
    `/api/document-templates/${id}/preview${version ? `?version=${version}` : ""}`,
    { headers: { authorization: `Bearer ${adminToken}` } },
  );
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The PDF's text with line breaks and runs of spaces as single spaces (lines wrap anywhere). */
async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(document, { mergePages: true })).text.replace(/\s+/g, " ");
}

const stampPng = () =>
  sharp({ create: { width: 120, height: 120, channels: 4, background: { r: 30, g: 60, b: 160, alpha: 1 } } })
    .png()
    .toBuffer();

// ---------------------------------------------------------------------------------------------

describe("access", () => {
  it("refuses visitors with 401 and members with 403 on every template call", async () => {
    const member = await createUser(db());
    const memberToken = (await loginOk(t.app, member.email, member.password)).accessToken;
    const id = DEFAULT_TEMPLATE_IDS[0] as string;
    for (const token of [undefined, memberToken]) {
      const expected = token ? 403 : 401;
      const options = token ? { token } : {};
      expect((await call(t.app, "GET", "/api/document-templates", options)).status).toBe(expected);
      expect((await call(t.app, "GET", `/api/document-templates/${id}`, options)).status).toBe(expected);
      expect((await call(t.app, "GET", `/api/document-templates/${id}/preview`, options)).status).toBe(
        expected,
      );
      expect(
        (
          await call(t.app, "PATCH", `/api/document-templates/${id}/state`, {
            ...options,
            body: { state: "inactive" },
          })
        ).status,
      ).toBe(expected);
      const form = { fields: { name: "x", type: "contract" }, file: htmlFile("<p>x</p>") };
      expect((await sendForm("POST", "/api/document-templates", form, token ?? null)).status).toBe(expected);
      expect((await sendForm("PUT", `/api/document-templates/${id}`, form, token ?? null)).status).toBe(
        expected,
      );
    }
    // Nothing changed: the default template is still active at version 1.
    const [row] = await db().select().from(contractTemplates).where(eq(contractTemplates.id, id));
    expect(row).toMatchObject({ state: "active", currentVersion: 1 });
  });

  it("answers 404 for an unknown or malformed id and an unknown version", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const path of [`/api/document-templates/${unknown}`, "/api/document-templates/not-a-uuid"]) {
      expect((await call(t.app, "GET", path, { token: adminToken })).status).toBe(404);
      expect((await call(t.app, "GET", `${path}/preview`, { token: adminToken })).status).toBe(404);
    }
    const notFound = { code: "NOT_FOUND", reason: "templateNotFound", message: "Template not found." };
    expect(
      (await call(t.app, "GET", `/api/document-templates/${unknown}/preview`, { token: adminToken })).body,
    ).toEqual({ error: notFound });
    const put = await updateTemplate(unknown, { fields: { name: "x" } });
    expect(put.status).toBe(404);
    expect(put.body.error).toEqual(notFound);
    for (const id of [unknown, "not-a-uuid"]) {
      const state = await call(t.app, "PATCH", `/api/document-templates/${id}/state`, {
        token: adminToken,
        body: { state: "active" },
      });
      expect(state.status).toBe(404);
      expect(state.body.error).toEqual(notFound);
    }
    expect(
      (
        await call(t.app, "GET", `/api/document-templates/${DEFAULT_TEMPLATE_IDS[0]}?version=99`, {
          token: adminToken,
        })
      ).status,
    ).toBe(404);
  });
});

describe("description", () => {
  it("documents every template call, the forms as multipart and the preview as PDF", async () => {
    const response = await t.app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    type Operation = {
      requestBody?: { content: Record<string, unknown> };
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    const spec = (await response.json()) as { paths: Record<string, Record<string, Operation>> };
    const list = spec.paths["/api/document-templates"];
    const one = spec.paths["/api/document-templates/{id}"];
    expect(Object.keys(list?.post?.requestBody?.content ?? {})).toEqual(["multipart/form-data"]);
    expect(Object.keys(one?.put?.requestBody?.content ?? {})).toEqual(["multipart/form-data"]);
    expect(list?.get).toBeDefined();
    expect(one?.get).toBeDefined();
    expect(spec.paths["/api/document-templates/{id}/state"]?.patch).toBeDefined();
    const preview = spec.paths["/api/document-templates/{id}/preview"]?.get;
    expect(Object.keys(preview?.responses["200"]?.content ?? {})).toEqual(["application/pdf"]);
  });
});

describe("create and versions", () => {
  it("creates version 1, active, with defaults de and both, and records it in the audit log", async () => {
    const name = tag();
    const created = await createTemplate({
      name,
      type: "contract",
      description: "Kurz",
      note: "Erste Fassung",
    });
    expect(created).toMatchObject({
      name,
      type: "contract",
      description: "Kurz",
      lang: "de",
      audience: "both",
      state: "active",
      version: 1,
      shownVersion: 1,
      note: "Erste Fassung",
      html: "<h1>Vertrag</h1><p>Text</p>",
      previewUrl: `/api/document-templates/${created.id}/preview?version=1`,
    });
    expect(created.versions.map((v) => v.version)).toEqual([1]);
    const events = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "admin.contract_template_created"), eq(auditLog.actorUserId, adminId)));
    expect(events.some((event) => (event.details as { templateId?: string }).templateId === created.id)).toBe(
      true,
    );
  });

  it("accepts the HTML as a field and user_type as the audience", async () => {
    const answer = await sendForm("POST", "/api/document-templates", {
      fields: {
        name: tag(),
        type: "contract",
        lang: "en",
        user_type: "company",
        html: "<p>Hello {{company}}</p>",
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ lang: "en", audience: "company", html: "<p>Hello {{company}}</p>" });
  });

  it("PUT with HTML adds version 2 and leaves version 1 as it was", async () => {
    const created = await createTemplate({ name: tag(), type: "contract" }, "<p>Fassung eins</p>");
    const answer = await updateTemplate(created.id, {
      fields: { note: "Zweite Fassung" },
      file: htmlFile("<p>Fassung zwei</p>"),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      version: 2,
      shownVersion: 2,
      note: "Zweite Fassung",
      html: "<p>Fassung zwei</p>",
    });
    expect((answer.body as unknown as TemplateDetail).versions.map((v) => [v.version, v.note])).toEqual([
      [2, "Zweite Fassung"],
      [1, null],
    ]);
    const first = await getDetail(created.id, 1);
    expect(first).toMatchObject({ version: 2, shownVersion: 1, html: "<p>Fassung eins</p>" });
    expect((await getDetail(created.id)).html).toBe("<p>Fassung zwei</p>");
    const [event] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "admin.contract_template_version_created"),
          sql`${auditLog.details}->>'templateId' = ${created.id}`,
        ),
      );
    expect(event?.details).toMatchObject({ version: 2 });
    // The preview of each version renders that version's text.
    expect(await pdfText((await preview(created.id, 1)).bytes)).toContain("Fassung eins");
    expect(await pdfText((await preview(created.id)).bytes)).toContain("Fassung zwei");
  });

  it("PUT with metadata only changes the template without a new version", async () => {
    const created = await createTemplate({ name: tag(), type: "contract", description: "alt" });
    const newName = tag();
    const answer = await updateTemplate(created.id, {
      fields: { name: newName, type: "agreement", lang: "en", audience: "personal", description: "" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      name: newName,
      type: "agreement",
      lang: "en",
      audience: "personal",
      description: null,
      version: 1,
      html: created.html,
    });
    const versions = await db()
      .select()
      .from(contractTemplateVersions)
      .where(eq(contractTemplateVersions.templateId, created.id));
    expect(versions).toHaveLength(1);
    // An empty PUT changes nothing at all.
    const unchanged = await updateTemplate(created.id, { fields: {} });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({
      name: newName,
      version: 1,
      updatedAt: (answer.body as { updatedAt: string }).updatedAt,
    });
  });

  it("gives concurrent PUTs distinct consecutive versions", async () => {
    const created = await createTemplate({ name: tag(), type: "contract" });
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        updateTemplate(created.id, { fields: { note: `edit ${n}` }, file: htmlFile(`<p>Edit ${n}</p>`) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await db()
      .select({
        version: contractTemplateVersions.version,
        note: contractTemplateVersions.note,
        html: contractTemplateVersions.html,
      })
      .from(contractTemplateVersions)
      .where(eq(contractTemplateVersions.templateId, created.id));
    expect(rows.map((row) => row.version).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    // Each edit's note stayed with its own HTML.
    for (const row of rows.filter((r) => r.version > 1)) {
      expect(row.html).toBe(`<p>${row.note?.replace("edit", "Edit")}</p>`);
    }
    expect((await getDetail(created.id)).version).toBe(6);
  });
});

describe("state and filters", () => {
  it("toggles the state, records it, and the state filter follows", async () => {
    const created = await createTemplate({ name: tag(), type: "contract" });
    const off = await call(t.app, "PATCH", `/api/document-templates/${created.id}/state`, {
      token: adminToken,
      body: { state: "inactive" },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: created.id, state: "inactive", version: 1 });
    expect((await list("?state=inactive")).map((x) => x.id)).toContain(created.id);
    expect((await list("?state=active")).map((x) => x.id)).not.toContain(created.id);
    expect((await list("?state=active")).every((x) => x.state === "active")).toBe(true);

    // The spec's clients may send ACTIVE.
    const on = await call(t.app, "PATCH", `/api/document-templates/${created.id}/state`, {
      token: adminToken,
      body: { state: "ACTIVE" },
    });
    expect(on.status).toBe(200);
    expect((await list("?state=active")).map((x) => x.id)).toContain(created.id);
    const events = await db()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "admin.contract_template_state_changed"),
          sql`${auditLog.details}->>'templateId' = ${created.id}`,
        ),
      );
    expect(events.map((e) => (e.details as { to: string }).to).sort()).toEqual(["active", "inactive"]);
    const bad = await call(t.app, "PATCH", `/api/document-templates/${created.id}/state`, {
      token: adminToken,
      body: { state: "maybe" },
    });
    expect(bad.status).toBe(422);
  });

  it("accepts the state as 0 or 1 and refuses an oversized body with 413", async () => {
    const created = await createTemplate({ name: tag(), type: "contract" });
    const path = `/api/document-templates/${created.id}/state`;
    const off = await call(t.app, "PATCH", path, { token: adminToken, body: { state: 0 } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ state: "inactive" });
    const on = await call(t.app, "PATCH", path, { token: adminToken, body: { state: 1 } });
    expect(on.body).toMatchObject({ state: "active" });

    const huge = await call(t.app, "PATCH", path, {
      token: adminToken,
      body: { state: "inactive", padding: "x".repeat(64 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect((await list("?state=active")).map((x) => x.id)).toContain(created.id);
  });

  it("filters by language and audience (and user_type), ordered by name then language", async () => {
    const name = tag();
    const deBoth = await createTemplate({ name, type: "contract", lang: "de", audience: "both" });
    const enCompany = await createTemplate({ name, type: "contract", lang: "en", audience: "company" });
    const dePersonal = await createTemplate({ name, type: "contract", lang: "de", audience: "personal" });
    const ours = (templates: TemplateSummary[]) => templates.filter((x) => x.name === name).map((x) => x.id);

    expect(ours(await list())).toHaveLength(3);
    expect(ours(await list("?lang=en"))).toEqual([enCompany.id]);
    expect(ours(await list("?lang=de")).sort()).toEqual([deBoth.id, dePersonal.id].sort());
    expect(ours(await list("?audience=personal"))).toEqual([dePersonal.id]);
    expect(ours(await list("?user_type=company"))).toEqual([enCompany.id]);
    expect(ours(await list("?lang=de&audience=both"))).toEqual([deBoth.id]);
    expect((await list("?lang=en")).every((x) => x.lang === "en")).toBe(true);
    expect((await call(t.app, "GET", "/api/document-templates?lang=fr", { token: adminToken })).status).toBe(
      422,
    );

    // Ordered by name, then language; tags are hex, which every collation orders alike.
    const tagged = (await list()).filter((x) => /^T[0-9a-f]{8}$/.test(x.name));
    const keys = tagged.map((x) => `${x.name} ${x.lang}`);
    expect(keys).toEqual([...keys].sort());
    expect(keys.filter((key) => key.startsWith(name))).toEqual([`${name} de`, `${name} de`, `${name} en`]);
  });
});

describe("validation", () => {
  it("refuses a missing name or type with 422 and field details", async () => {
    const cases: { fields: Record<string, string>; missing: string }[] = [
      { fields: { type: "contract" }, missing: "name" },
      { fields: { name: "Vertrag" }, missing: "type" },
      { fields: { name: "   ", type: "contract" }, missing: "name" },
    ];
    for (const { fields, missing } of cases) {
      const answer = await sendForm("POST", "/api/document-templates", {
        fields,
        file: htmlFile("<p>x</p>"),
      });
      expect(answer.status).toBe(422);
      expect(answer.body.error?.code).toBe("VALIDATION_FAILED");
      const issues = (answer.body.error?.details as { issues: { path: string }[] } | undefined)?.issues ?? [];
      expect(issues.map((issue) => issue.path)).toContain(missing);
    }
    const badLang = await sendForm("POST", "/api/document-templates", {
      fields: { name: "x", type: "contract", lang: "fr" },
      file: htmlFile("<p>x</p>"),
    });
    expect(badLang.status).toBe(422);
    const noHtml = await sendForm("POST", "/api/document-templates", {
      fields: { name: "x", type: "contract" },
    });
    expect(noHtml.status).toBe(422);
    expect(noHtml.body.error).toEqual({
      code: "VALIDATION_FAILED",
      reason: "templateHtmlMissing",
      message: "Please choose an HTML file for the template.",
      details: { issues: [{ path: "file", message: "Please choose an HTML file for the template." }] },
    });
  });

  it("refuses a template sent both as a file and as HTML, and a form that is no multipart body", async () => {
    const both = await sendForm("POST", "/api/document-templates", {
      fields: { name: tag(), type: "contract", html: "<p>field</p>" },
      file: htmlFile("<p>file</p>"),
    });
    expect(both.status).toBe(422);
    expect(both.body.error).toMatchObject({
      reason: "templateFileOrHtml",
      message: "Send the template either as a file or as HTML, not both.",
    });
    const empty = await t.app.request("/api/document-templates", {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toEqual({
      error: {
        code: "VALIDATION_FAILED",
        reason: "templateMultipartRequired",
        message: "Send the template form as multipart/form-data.",
      },
    });
  });

  it("refuses a binary file renamed .html, and text that is not UTF-8, with 415", async () => {
    const png = await stampPng();
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
    const latin1 = Buffer.from("<p>Gr\u00fc\u00dfe</p>", "latin1");
    for (const data of [png, pdf, latin1]) {
      const answer = await sendForm("POST", "/api/document-templates", {
        fields: { name: tag(), type: "contract" },
        file: { filename: "vertrag.html", data, type: "text/html" },
      });
      expect(answer.status).toBe(415);
      expect(answer.body.error).toMatchObject({
        code: "UNSUPPORTED_MEDIA_TYPE",
        reason: "templateNotHtml",
        message: "Please upload the template as an HTML file.",
      });
    }
  });

  it("accepts a template of exactly 1 MB and refuses one byte more with 413 (file or field)", async () => {
    const head = "<p>";
    const tail = "</p>";
    const exact = head + "a".repeat(TEMPLATE_HTML_MAX_BYTES - head.length - tail.length) + tail;
    expect(Buffer.byteLength(exact)).toBe(TEMPLATE_HTML_MAX_BYTES);
    const ok = await sendForm("POST", "/api/document-templates", {
      fields: { name: tag(), type: "contract" },
      file: htmlFile(exact),
    });
    expect(ok.status).toBe(201);
    const over = `${exact} `;
    const tooLarge = await sendForm("POST", "/api/document-templates", {
      fields: { name: tag(), type: "contract" },
      file: htmlFile(over),
    });
    expect(tooLarge.status).toBe(413);
    const templateTooLarge = {
      code: "PAYLOAD_TOO_LARGE",
      reason: "templateTooLarge",
      message: "The template is too large. Maximum size is 1 MB.",
    };
    expect(tooLarge.body.error).toEqual(templateTooLarge);
    const fieldTooLarge = await sendForm("POST", "/api/document-templates", {
      fields: { name: tag(), type: "contract", html: over },
    });
    expect(fieldTooLarge.status).toBe(413);
    expect(fieldTooLarge.body.error).toEqual(templateTooLarge);
  });

  it("refuses an oversized template sent chunked or with a false Content-Length (413)", async () => {
    const body = multipart({
      fields: { name: tag(), type: "contract" },
      file: htmlFile(`<p>${"b".repeat(TEMPLATE_HTML_MAX_BYTES)}</p>`),
    });
    const headers = {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      authorization: `Bearer ${adminToken}`,
    };
    const chunked = await t.app.request("/api/document-templates", {
      method: "POST",
      headers,
      body: new ReadableStream({
        start(controller) {
          for (let offset = 0; offset < body.length; offset += 64 * 1024) {
            controller.enqueue(new Uint8Array(body.subarray(offset, offset + 64 * 1024)));
          }
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const lying = await t.app.request("/api/document-templates", {
      method: "POST",
      headers: { ...headers, "content-length": "2000" },
      body: new Uint8Array(body),
    });
    expect(lying.status).toBe(413);
  });

  it("refuses HTML with no visible text once sanitized (422)", async () => {
    const answer = await sendForm("POST", "/api/document-templates", {
      fields: { name: tag(), type: "contract" },
      file: htmlFile("<script>alert(1)</script><img src=x onerror=alert(1)><iframe src=//x></iframe>"),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({
      reason: "templateNoVisibleText",
      message: "The template has no visible text.",
      details: { issues: [{ path: "file", message: "The template has no visible text." }] },
    });
    const created = await createTemplate({ name: tag(), type: "contract" });
    const put = await updateTemplate(created.id, { file: htmlFile("<style>p{}</style>   ") });
    expect(put.status).toBe(422);
    expect(put.body.error).toMatchObject({ reason: "templateNoVisibleText" });
    expect((await getDetail(created.id)).version).toBe(1);
  });
});

describe("sanitizing and rendering", () => {
  const HOSTILE = `<h1>Vertrag</h1>
<script>alert(1)</script>
<p>Bild <img src=x onerror="alert(2)"></p>
<p><a href="javascript:alert(3)">Klick</a></p>
<iframe src="https://example.com/frame"></iframe>
<p style="background:url(https://example.com/track.png)">Stil</p>
<p onclick="alert(4)">Engine {{constructor.constructor('return 1')()}} and {{7*7}} and \${7*7}</p>`;

  it("stores the HTML without scripts, handlers, javascript: links, frames or styles", async () => {
    const created = await createTemplate({ name: tag(), type: "contract" }, HOSTILE);
    const stored = (await getDetail(created.id)).html;
    const [row] = await db()
      .select({ html: contractTemplateVersions.html })
      .from(contractTemplateVersions)
      .where(eq(contractTemplateVersions.templateId, created.id));
    for (const html of [stored, row?.html ?? ""]) {
      expect(html).not.toMatch(/<script|alert\(1\)|onerror|onclick|javascript:|<iframe|<img|style=|url\(/i);
      expect(html).toContain("Klick");
      expect(html).toContain("Stil");
    }
  });

  it("leaves template-engine payloads as literal text in the PDF and shows sample data", async () => {
    const created = await createTemplate(
      { name: tag(), type: "contract" },
      `${HOSTILE}<p>Partner: {{name}}, {{company}}, {{email}}</p>`,
    );
    const { response, bytes } = await preview(created.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("{{7*7}}");
    expect(text).toContain("{{constructor.constructor('return 1')()}}");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text of an engine payload
    expect(text).toContain("${7*7}");
    // Not evaluated anywhere: no 49 as a word of its own (the footer's reference, a few hex digits
    // of the template's random id, may contain the digits).
    expect(text).not.toMatch(/\b49\b/);
    expect(text).toContain(`Partner: ${PREVIEW_SAMPLE_VALUES.name}, ${PREVIEW_SAMPLE_VALUES.company}`);
  });

  it("fills placeholders with escaped values: markup in member data shows as text", async () => {
    const created = await createTemplate(
      { name: tag(), type: "contract" },
      "<p>Name: {{name}}</p><p>Firma: {{company}}</p>",
    );
    const loaded = await loadTemplateVersion(db(), created.id);
    if (!loaded) throw new Error("template not loaded");
    const pdf = await renderTemplatePdf(
      loaded,
      {
        ...PREVIEW_SAMPLE_VALUES,
        name: "Eva <b>Fett</b>",
        company: `Muster & Co <img src="http://127.0.0.1:9/x.png"> {{name}}`,
      },
      { date: new Date() },
    );
    const text = await pdfText(pdf);
    expect(text).toContain("Name: Eva <b>Fett</b>");
    // The value is inserted once: a placeholder inside a value is not filled again.
    expect(text).toContain(`Firma: Muster & Co <img src="http://127.0.0.1:9/x.png"> {{name}}`);
  });

  it("sends the preview as an attachment with a safely encoded name, nosniff and the stamp", async () => {
    const created = await createTemplate({ name: `Vertrag "Ä"\r\nX-Evil: 1`, type: "contract" });
    const withoutStamp = await preview(created.id);
    const disposition = withoutStamp.response.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(disposition).toContain("v1.pdf");
    expect(withoutStamp.response.headers.get("x-content-type-options")).toBe("nosniff");

    const png = await stampPng();
    await db()
      .insert(companyStamps)
      .values({
        id: 1,
        label: "Test",
        mimeType: "image/png",
        image: png,
        sizeBytes: png.length,
        isActive: true,
      })
      .onConflictDoUpdate({
        target: companyStamps.id,
        set: { image: png, sizeBytes: png.length, isActive: true },
      });
    expect(await loadActiveStampPng(db())).toEqual(png);
    const withStamp = await preview(created.id);
    expect(withStamp.response.status).toBe(200);
    // The stamp is embedded as an image XObject; without it the page has none.
    expect(withStamp.bytes.toString("latin1")).toMatch(/\/Subtype\s*\/Image/);
    expect(withoutStamp.bytes.toString("latin1")).not.toMatch(/\/Subtype\s*\/Image/);
    expect(await pdfText(withStamp.bytes)).toMatch(/Firmenstempel/);
    await db().update(companyStamps).set({ isActive: false }).where(eq(companyStamps.id, 1));
    expect(await loadActiveStampPng(db())).toBeNull();
  });

  it("makes no network or file requests because of template content, even for raw stored HTML", async () => {
    let requests = 0;
    const server = http.createServer((_request, response) => {
      requests += 1;
      response.writeHead(200, { "content-type": "image/png" });
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const html = `<h1>Fetch nothing</h1>
<img src="${base}/x.png">
<link rel="stylesheet" href="${base}/style.css">
<style>@import url(${base}/import.css); p { background: url(${base}/bg.png) }</style>
<div style="background-image:url(${base}/b)">Hintergrund</div>
<img src="file:///etc/passwd">
<p>Ende</p>`;
      const created = await createTemplate({ name: tag(), type: "contract" }, html);
      const saved = await preview(created.id);
      expect(saved.response.status).toBe(200);
      expect(await pdfText(saved.bytes)).not.toContain("root:");

      // A version written straight into the database (not through the API) is sanitized when rendered.
      await db()
        .insert(contractTemplateVersions)
        .values({ templateId: created.id, version: 2, html, note: "raw" });
      await db()
        .update(contractTemplates)
        .set({ currentVersion: 2 })
        .where(eq(contractTemplates.id, created.id));
      const raw = await preview(created.id, 2);
      expect(raw.response.status).toBe(200);
      const text = await pdfText(raw.bytes);
      expect(text).toContain("Hintergrund");
      expect(text).not.toContain("root:");
      expect((await getDetail(created.id, 2)).html).not.toMatch(/<img|<link|<style|url\(/i);

      // Give any request the renderer might have started time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(requests).toBe(0);
      // The control: a request does reach the counting server.
      await (await fetch(`${base}/control`)).arrayBuffer();
      expect(requests).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("default templates", () => {
  it("exist after start: German and English, personal and company, active at version 1", async () => {
    const rows = await db()
      .select()
      .from(contractTemplates)
      .where(inArray(contractTemplates.id, DEFAULT_TEMPLATE_IDS));
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => `${row.language}-${row.audience}`).sort()).toEqual([
      "de-company",
      "de-personal",
      "en-company",
      "en-personal",
    ]);
    expect(
      rows.every((row) => row.state === "active" && row.currentVersion === 1 && row.type === "contract"),
    ).toBe(true);
    for (const row of rows) {
      const detail = await getDetail(row.id);
      expect(detail.note).toBeTruthy();
      expect(detail.html).toMatch(/<h1>[\s\S]*<h2>[\s\S]*<ul>/);
      for (const placeholder of ["{{name}}", "{{address}}", "{{email}}", "{{date}}"]) {
        expect(detail.html).toContain(placeholder);
      }
      expect(detail.html.includes("{{company}}")).toBe(row.audience === "company");
    }
    const { response, bytes } = await preview(DEFAULT_TEMPLATE_IDS[1] as string);
    expect(response.status).toBe(200);
    expect(await pdfText(bytes)).toContain(PREVIEW_SAMPLE_VALUES.company);
  });

  it("are seeded once: again, or by two instances at once, never a second set", async () => {
    await seedDefaultTemplates(db());
    const count = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(contractTemplates)
          .where(inArray(contractTemplates.id, DEFAULT_TEMPLATE_IDS))
      )[0]?.n;
    expect(await count()).toBe(4);

    const fresh = await createTestApp();
    try {
      const freshDb = fresh.deps.database.db;
      await freshDb.delete(contractTemplates);
      await Promise.all([seedDefaultTemplates(freshDb), seedDefaultTemplates(freshDb)]);
      const rows = await freshDb.select({ id: contractTemplates.id }).from(contractTemplates);
      expect(rows).toHaveLength(4);
      const versions = await freshDb
        .select({ id: contractTemplateVersions.id })
        .from(contractTemplateVersions);
      expect(versions).toHaveLength(4);

      // An admin's deactivation survives a restart: a table with rows is never seeded again.
      await freshDb.update(contractTemplates).set({ state: "inactive" });
      await freshDb.delete(contractTemplates).where(eq(contractTemplates.language, "en"));
      await seedDefaultTemplates(freshDb);
      const after = await freshDb.select({ state: contractTemplates.state }).from(contractTemplates);
      expect(after).toHaveLength(2);
      expect(after.every((row) => row.state === "inactive")).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
