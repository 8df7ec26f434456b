import { describe, expect, it } from "vitest";
import { archivePageFrom, archivePages } from "./news-pages";

describe("archivePageFrom", () => {
  it("takes a whole page number within the API's bounds, else the first page", () => {
    expect(archivePageFrom("3")).toBe(3);
    expect(archivePageFrom("500")).toBe(500);
    for (const value of [undefined, "", "0", "-2", "1.5", "abc", "501", ["2", "3"]]) {
      expect(archivePageFrom(value)).toBe(1);
    }
  });
});

describe("archivePages", () => {
  it("links to neighbours only where there are some", () => {
    expect(archivePages({ page: 1, pageSize: 10, total: 25 })).toEqual({
      pageCount: 3,
      previous: null,
      next: 2,
    });
    expect(archivePages({ page: 2, pageSize: 10, total: 25 })).toEqual({
      pageCount: 3,
      previous: 1,
      next: 3,
    });
    expect(archivePages({ page: 3, pageSize: 10, total: 25 })).toEqual({
      pageCount: 3,
      previous: 2,
      next: null,
    });
  });

  it("has one page and no links without news, and leads a page past the end back to the last", () => {
    expect(archivePages({ page: 1, pageSize: 10, total: 0 })).toEqual({
      pageCount: 1,
      previous: null,
      next: null,
    });
    expect(archivePages({ page: 9, pageSize: 10, total: 25 })).toEqual({
      pageCount: 3,
      previous: 3,
      next: null,
    });
  });
});
