import { randomUUID } from "node:crypto";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminNewsItem, MemberNewsItem } from "../../lib/schemas/news";
import type { Database } from "../db";
import { auditLog, news, users } from "../db/schema";
import { SAMPLE_NEWS_IDS } from "../domain/news/seed-sample-news";
import { ensureBaseData } from "../domain/seed/ensure-base-data";
import { call, loginOk } from "../testing/auth-api";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = "user" | "admin" | "super_admin";
type Caller = { id: string; token: string };

/** A logged-in user of its own (tests never share users). */
async function signedIn(role: Role = "user", language: "en" | "de" = "en"): Promise<Caller> {
  const member = await createMember(db(), { role });
  if (language !== "en") await db().update(users).set({ language }).where(eq(users.id, member.id));
  const { accessToken } = await loginOk(t.app, member.email, member.password);
  return { id: member.id, token: accessToken };
}

const memberNews = async (caller: Caller, query = "") => {
  const answer = await call(t.app, "GET", `/api/news${query}`, { token: caller.token });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { news: MemberNewsItem[] }).news;
};
const adminNews = async (caller: Caller, query = "") => {
  const answer = await call(t.app, "GET", `/api/admin/news${query}`, { token: caller.token });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { news: AdminNewsItem[] }).news;
};
const create = (caller: Caller, body: object) =>
  call(t.app, "POST", "/api/admin/news", { token: caller.token, body });
const replace = (caller: Caller, id: string, body: object) =>
  call(t.app, "PUT", `/api/admin/news/${id}`, { token: caller.token, body });
const remove = (caller: Caller, id: string) =>
  call(t.app, "DELETE", `/api/admin/news/${id}`, { token: caller.token });

const tag = () => `T${randomUUID().slice(0, 8)}`;
const item = (overrides: Record<string, unknown> = {}) => ({
  language: "en",
  title: `News ${tag()}`,
  body: "Something **new** for partners.",
  date: "2026-11-20",
  link: "",
  published: true,
  ...overrides,
});
async function created(admin: Caller, overrides: Record<string, unknown> = {}): Promise<AdminNewsItem> {
  const answer = await create(admin, item(overrides));
  expect(answer.status).toBe(201);
  return (answer.body as unknown as { news: AdminNewsItem }).news;
}
const auditFor = async (newsId: string) =>
  (
    await db()
      .select({ action: auditLog.action, actor: auditLog.actorUserId, details: auditLog.details })
      .from(auditLog)
      .where(like(auditLog.action, "admin.news_%"))
      .orderBy(auditLog.id)
  ).filter((row) => (row.details as { newsId?: string }).newsId === newsId);

describe("GET /api/news", () => {
  it("gives members published items in the asked language, newest first, as HTML, and honours the limit", async () => {
    const admin = await signedIn("admin");
    const member = await signedIn("user", "de");
    const older = await created(admin, { language: "de", date: "2099-01-01", title: `Alt ${tag()}` });
    const newer = await created(admin, { language: "de", date: "2099-01-02", title: `Neu ${tag()}` });
    const english = await created(admin, { language: "en", date: "2099-01-03" });

    const german = await memberNews(member);
    expect(german.every((entry) => entry.language === "de")).toBe(true);
    expect(german.slice(0, 2).map((entry) => entry.id)).toEqual([newer.id, older.id]);
    expect(german[0]).toEqual({
      id: newer.id,
      language: "de",
      title: newer.title,
      html: "<p>Something <strong>new</strong> for partners.</p>\n",
      date: "2099-01-02",
      link: null,
    });
    const asked = await memberNews(member, "?lang=en&limit=1");
    expect(asked.map((entry) => entry.id)).toEqual([english.id]);
  });

  it("never shows drafts or samples to members; admins see both, marked", async () => {
    const admin = await signedIn("super_admin");
    const member = await signedIn();
    const draft = await created(admin, { published: false });

    const shown = (await memberNews(member, "?limit=20")).map((entry) => entry.id);
    expect(shown).not.toContain(draft.id);
    for (const id of SAMPLE_NEWS_IDS) expect(shown).not.toContain(id);

    const all = await adminNews(admin);
    expect(all.find((entry) => entry.id === draft.id)).toMatchObject({ published: false, sample: false });
    const samples = all.filter((entry) => entry.sample);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((entry) => SAMPLE_NEWS_IDS.includes(entry.id) && !entry.published)).toBe(true);
  });

  it("answers 401 without a login and 422 for a bad limit, page or language", async () => {
    const member = await signedIn();
    expect((await call(t.app, "GET", "/api/news")).status).toBe(401);
    for (const query of [
      "?limit=0",
      "?limit=abc",
      "?limit=21",
      "?lang=fr",
      "?page=0",
      "?page=-1",
      "?page=1.5",
      "?page=abc",
      "?page=501",
    ]) {
      expect((await call(t.app, "GET", `/api/news${query}`, { token: member.token })).status).toBe(422);
    }
  });

  it("pages the archive: page 2 continues page 1, the total counts only published items, drafts never show", async () => {
    const admin = await signedIn("admin");
    const member = await signedIn();
    // Later than any other test's items, so these three are the newest of the language.
    const first = await created(admin, { date: "2200-01-03" });
    const second = await created(admin, { date: "2200-01-02" });
    const third = await created(admin, { date: "2200-01-01" });
    const draft = await created(admin, { date: "2200-01-04", published: false });
    const page = async (query: string) => {
      const answer = await call(t.app, "GET", `/api/news?lang=en&${query}`, { token: member.token });
      expect(answer.status).toBe(200);
      return answer.body as unknown as {
        news: MemberNewsItem[];
        page: number;
        pageSize: number;
        total: number;
      };
    };

    const one = await page("limit=2&page=1");
    expect(one.news.map((entry) => entry.id)).toEqual([first.id, second.id]);
    const two = await page("limit=2&page=2");
    expect(two.news[0]?.id).toBe(third.id);
    expect(two).toMatchObject({ page: 2, pageSize: 2, total: one.total });

    const everything = await page("limit=20&page=1");
    const published = (await adminNews(admin, "?language=en&state=published")).filter(
      (entry) => !entry.sample,
    );
    expect(everything.total).toBe(published.length);
    expect(everything.news.map((entry) => entry.id)).not.toContain(draft.id);

    // Past the last page: no items, the same total, so the page can say so and link back.
    const beyond = await page(`limit=2&page=${Math.ceil(one.total / 2) + 1}`);
    expect(beyond).toMatchObject({ news: [], total: one.total });
    expect((await page("limit=20&page=500")).news).toEqual([]);
  });
});

describe("admin news calls", () => {
  it("refuses members with 403 and visitors with 401 on every admin call", async () => {
    const member = await signedIn();
    const admin = await signedIn("admin");
    const existing = await created(admin);
    const calls: [string, string, object | undefined][] = [
      ["GET", "/api/admin/news", undefined],
      ["POST", "/api/admin/news", item()],
      ["PUT", `/api/admin/news/${existing.id}`, item()],
      ["DELETE", `/api/admin/news/${existing.id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(t.app, method, path, { token: member.token, body })).status).toBe(403);
      expect((await call(t.app, method, path, { body })).status).toBe(401);
    }
    // Nothing changed: the item is still there as it was.
    expect((await adminNews(admin)).find((entry) => entry.id === existing.id)).toEqual(existing);
  });

  it("creates, edits, unpublishes, publishes and deletes, each audited with the acting admin", async () => {
    const admin = await signedIn("admin");
    const member = await signedIn();
    const first = await created(admin, { date: "2098-05-05", link: "https://example.com/news" });
    expect(first).toMatchObject({ published: true, sample: false, link: "https://example.com/news" });
    expect((await memberNews(member, "?limit=20")).map((entry) => entry.id)).toContain(first.id);

    const edited = await replace(admin, first.id, item({ title: "Edited title", date: "2098-05-06" }));
    expect(edited).toMatchObject({
      status: 200,
      body: { news: { title: "Edited title", date: "2098-05-06", link: null } },
    });

    const hidden = await replace(
      admin,
      first.id,
      item({ title: "Edited title", date: "2098-05-06", published: false }),
    );
    expect(hidden.status).toBe(200);
    expect((await memberNews(member, "?limit=20")).map((entry) => entry.id)).not.toContain(first.id);

    await replace(admin, first.id, item({ title: "Edited title", date: "2098-05-06", published: true }));
    expect((await memberNews(member, "?limit=20")).map((entry) => entry.id)).toContain(first.id);

    expect(await remove(admin, first.id)).toMatchObject({ status: 200, body: { success: true } });
    expect((await adminNews(admin)).map((entry) => entry.id)).not.toContain(first.id);
    expect(await remove(admin, first.id)).toMatchObject({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "News item not found", reason: "newsItemNotFound" } },
    });
    expect((await replace(admin, first.id, item())).status).toBe(404);
    expect((await remove(admin, "not-a-uuid")).status).toBe(404);

    const trail = await auditFor(first.id);
    expect(trail.map((row) => row.action)).toEqual([
      "admin.news_created",
      "admin.news_published",
      "admin.news_updated",
      "admin.news_unpublished",
      "admin.news_published",
      "admin.news_deleted",
    ]);
    expect(trail.every((row) => row.actor === admin.id)).toBe(true);
  });

  it("filters the admin list by language and state", async () => {
    const admin = await signedIn("admin");
    const draft = await created(admin, { language: "de", published: false });
    const live = await created(admin, { language: "de", published: true });
    const english = await created(admin, { language: "en", published: false });

    const germanDrafts = await adminNews(admin, "?language=de&state=draft");
    expect(germanDrafts.every((entry) => entry.language === "de" && !entry.published)).toBe(true);
    const ids = germanDrafts.map((entry) => entry.id);
    expect(ids).toContain(draft.id);
    expect(ids).not.toContain(live.id);
    expect(ids).not.toContain(english.id);
    expect((await adminNews(admin, "?state=published")).map((entry) => entry.id)).toContain(live.id);
    expect((await call(t.app, "GET", "/api/admin/news?state=gone", { token: admin.token })).status).toBe(422);
  });

  it("saving a sample makes it the admin's own, and members then see it once published", async () => {
    const admin = await signedIn("admin");
    const member = await signedIn();
    const sampleId = SAMPLE_NEWS_IDS[0] as string;
    const saved = await replace(admin, sampleId, item({ title: "Taken over", date: "2097-01-01" }));
    expect(saved).toMatchObject({ status: 200, body: { news: { sample: false, published: true } } });
    expect((await memberNews(member, "?limit=20")).map((entry) => entry.id)).toContain(sampleId);
  });
});

describe("news content safety", () => {
  it("never hands back a script, a handler or a javascript: link, whatever the Markdown holds", async () => {
    const admin = await signedIn("admin");
    const member = await signedIn();
    const body = [
      "# Heading",
      '<script>alert("x")</script>',
      '<img src="x" onerror="alert(1)">',
      "[click](javascript:alert(1)) [also](JaVaScRiPt:alert(1)) [ok](https://example.com/a)",
      '<a href="javascript:alert(1)">raw</a>',
    ].join("\n\n");
    const saved = await created(admin, { body, date: "2096-03-03" });

    const shown = (await memberNews(member, "?limit=20")).find((entry) => entry.id === saved.id);
    for (const html of [shown?.html ?? "", saved.html]) {
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<img/i);
      // Real tags only: the refused markup may stay as escaped, harmless text.
      expect(html).not.toMatch(/<a\b[^>]*href="(?!https:\/\/example\.com\/a")/i);
      expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
      expect(html).toContain("<h4>Heading</h4>");
      expect(html).toContain(
        '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
      );
    }
    // The admin gets back the Markdown as written, to edit it.
    expect(saved.body).toBe(body);
  });

  it("refuses invalid items with 422 and an issue per field", async () => {
    const admin = await signedIn("admin");
    const cases: [object, string][] = [
      [item({ title: "  " }), "title"],
      [item({ body: "" }), "body"],
      [item({ title: "x".repeat(201) }), "title"],
      [item({ language: "fr" }), "language"],
      [item({ date: "2026-02-30" }), "date"],
      [item({ date: "yesterday" }), "date"],
      [item({ link: "javascript:alert(1)" }), "link"],
      [item({ link: "ftp://example.com/file" }), "link"],
      [item({ link: "data:text/html,<script>alert(1)</script>" }), "link"],
      [item({ published: "yes" }), "published"],
    ];
    for (const [body, field] of cases) {
      const answer = await create(admin, body);
      expect(answer.status).toBe(422);
      const issues = (answer.body as { error: { code: string; details: { issues: { path: string }[] } } })
        .error;
      expect(issues.code).toBe("VALIDATION_FAILED");
      expect(issues.details.issues.map((issue) => issue.path)).toContain(field);
    }
    expect(
      (
        await db()
          .select({ id: news.id })
          .from(news)
          .where(eq(news.title, "x".repeat(201)))
      ).length,
    ).toBe(0);
  });
});

describe("sample news", () => {
  it("seeds the samples once, only into an empty table: 3 per language, as sample drafts", async () => {
    const sampleRows = (database: Database) =>
      database
        .select({ language: news.language, sample: news.sample, published: news.published })
        .from(news)
        .where(inArray(news.id, SAMPLE_NEWS_IDS));

    // In a transaction that is rolled back, so the other tests keep their news.
    const rollback = new Error("rollback");
    await expect(
      db().transaction(async (tx) => {
        await tx.delete(news);
        await ensureBaseData(tx);
        await ensureBaseData(tx);
        const rows = await sampleRows(tx);
        expect(rows.map((row) => row.language).sort()).toEqual(["de", "de", "de", "en", "en", "en"]);
        expect(rows.every((row) => row.sample && !row.published)).toBe(true);
        expect((await tx.select({ id: news.id }).from(news)).length).toBe(6);

        // Items deleted by hand stay deleted: a table with any item is not seeded again.
        await tx.delete(news).where(inArray(news.id, SAMPLE_NEWS_IDS.slice(1)));
        await ensureBaseData(tx);
        expect(await sampleRows(tx)).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});
