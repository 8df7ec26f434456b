import { z } from "zod";
import { NEWS_BODY_MAX, NEWS_LINK_MAX, NEWS_TITLE_MAX } from "@/lib/constants";
import { NEWS_STATES } from "@/lib/vocabulary";
import { locales } from "../i18n/config";

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists (2026-02-30 does not), as YYYY-MM-DD. */
const newsDateSchema = z
  .string()
  .regex(DATE_PATTERN, "date")
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  }, "date");

/** Only web addresses: a javascript:, data: or mailto: link never reaches a member's page. */
const newsLinkSchema = z
  .string()
  .trim()
  .max(NEWS_LINK_MAX, "link")
  .refine((value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "link");

/**
 * One news item as the admin writes it (POST /api/admin/news, PUT /api/admin/news/{id}, and the
 * admin form). The body is Markdown; an empty link means none. Messages are keys the form translates.
 */
export const newsInputSchema = z.object({
  language: z.enum(locales),
  title: z.string().trim().min(1, "titleRequired").max(NEWS_TITLE_MAX, "titleTooLong"),
  body: z.string().trim().min(1, "bodyRequired").max(NEWS_BODY_MAX, "bodyTooLong"),
  date: newsDateSchema,
  link: newsLinkSchema.default(""),
  published: z.boolean().default(false),
});
export type NewsInput = z.output<typeof newsInputSchema>;
export type NewsFormValues = z.input<typeof newsInputSchema>;

/** A published item as a member gets it: the body already rendered to sanitized HTML. */
const memberNewsItemSchema = z.object({
  id: z.string(),
  language: z.enum(locales),
  title: z.string(),
  html: z.string(),
  date: z.string(),
  link: z.string().nullable(),
});
export type MemberNewsItem = z.infer<typeof memberNewsItemSchema>;

/**
 * The news archive's pages are bounded: news are a few a month, so 500 pages of up to 20 are
 * more than an installation writes, and no request makes the database skip past more rows.
 */
const NEWS_MAX_PAGE = 500;

/** One page of published news: `total` counts every published item in the language. */
export const memberNewsListSchema = z.object({
  news: z.array(memberNewsItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type MemberNewsPage = z.infer<typeof memberNewsListSchema>;

/** GET /api/news: the page's language (else the member's own), a small page (`limit` items). */
export const memberNewsQuerySchema = z.object({
  lang: z.enum(locales).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(5),
  page: z.coerce.number().int().min(1).max(NEWS_MAX_PAGE).default(1),
});

/** An item as the admin list shows it: the Markdown source, its state and whether it is a sample. */
const adminNewsItemSchema = z.object({
  id: z.string(),
  language: z.enum(locales),
  title: z.string(),
  body: z.string(),
  html: z.string(),
  date: z.string(),
  link: z.string().nullable(),
  published: z.boolean(),
  sample: z.boolean(),
  updatedAt: z.string(),
});
export type AdminNewsItem = z.infer<typeof adminNewsItemSchema>;

export const adminNewsQuerySchema = z.object({
  language: z.enum(locales).optional(),
  state: z.enum(NEWS_STATES).optional(),
});
export type AdminNewsQuery = z.infer<typeof adminNewsQuerySchema>;

export const adminNewsListSchema = z.object({ news: z.array(adminNewsItemSchema) });
export const adminNewsResultSchema = z.object({ news: adminNewsItemSchema });
