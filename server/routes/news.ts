import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { newsApi } from "../../lib/api/news";
import {
  adminNewsListSchema,
  adminNewsQuerySchema,
  adminNewsResultSchema,
  memberNewsListSchema,
  memberNewsQuerySchema,
  newsInputSchema,
} from "../../lib/schemas/news";
import { listAdminNews, listPublishedNews, toAdminNewsItem } from "../domain/news/list-news";
import { createNews, deleteNews, updateNews } from "../domain/news/manage-news";
import type { AppEnv } from "../http";
import { actorOf, adminRoutes, memberRoutes } from "./authenticate";
import { errorJson, idParams, json, jsonBody, rowIdOr404 } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

/** A path id that is not a UUID names no item: 404 like an unknown one. */
const newsIdOf = (id: string) => rowIdOr404(id, "newsItemNotFound");

/** Dashboard news for members, and their publishing by admins and super admins. */
export function registerNewsRoutes(app: OpenAPIHono<AppEnv>, deps: MemberRouteDeps) {
  // Role and status come from the database on every call, like every admin call.
  const adminRoute = adminRoutes(deps, { 404: errorJson("News item not found") });

  app.openapi(
    memberRoutes(deps)({
      ...newsApi.published,
      tags: ["news"],
      summary: "Published news in the page's language (?lang, else the caller's), newest first, by page",
      request: { query: memberNewsQuerySchema },
      responses: { 200: json(memberNewsListSchema, "One page of news, bodies as sanitized HTML") },
    }),
    async (c) => {
      const { limit, lang, page } = c.req.valid("query");
      const language = lang ?? c.var.auth.user.language;
      return c.json(await listPublishedNews(deps.db, { language, limit, page }), 200);
    },
  );

  const tags = ["admin"];

  app.openapi(
    adminRoute({
      ...newsApi.adminList,
      tags,
      summary: "Every news item with its state, filtered by language and state",
      request: { query: adminNewsQuerySchema },
      responses: { 200: json(adminNewsListSchema, "News, newest first") },
    }),
    async (c) => c.json({ news: await listAdminNews(deps.db, c.req.valid("query")) }, 200),
  );

  app.openapi(
    adminRoute({
      ...newsApi.create,
      tags,
      summary: "Write a news item (published or a draft)",
      request: jsonBody(newsInputSchema),
      responses: { 201: json(adminNewsResultSchema, "Created") },
    }),
    async (c) => {
      const row = await createNews(deps.db, c.req.valid("json"), actorOf(c));
      return c.json({ news: toAdminNewsItem(row) }, 201);
    },
  );

  app.openapi(
    adminRoute({
      ...newsApi.update,
      tags,
      summary: "Replace a news item; publishing and unpublishing go through here too",
      request: { params: idParams, ...jsonBody(newsInputSchema) },
      responses: { 200: json(adminNewsResultSchema, "Saved") },
    }),
    async (c) => {
      const id = newsIdOf(c.req.valid("param").id);
      const row = await updateNews(deps.db, id, c.req.valid("json"), actorOf(c));
      return c.json({ news: toAdminNewsItem(row) }, 200);
    },
  );

  app.openapi(
    adminRoute({
      ...newsApi.remove,
      tags,
      summary: "Delete a news item for good",
      request: { params: idParams },
      responses: {
        200: json(z.object({ success: z.boolean(), message: z.string() }), "Deleted"),
      },
    }),
    async (c) => {
      await deleteNews(deps.db, newsIdOf(c.req.valid("param").id), actorOf(c));
      return c.json({ success: true, message: "News item deleted." }, 200);
    },
  );
}
