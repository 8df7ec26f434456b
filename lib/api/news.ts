import { del, get, post, put } from "./endpoint";

/** Dashboard news: what members read and what admins publish. */
export const newsApi = {
  published: get("/api/news"),
  adminList: get("/api/admin/news"),
  create: post("/api/admin/news"),
  update: put("/api/admin/news/{id}"),
  remove: del("/api/admin/news/{id}"),
} as const;
