import { describe, expect, it } from "vitest";
import { readUserListQuery, userListApiPath, userListSearch } from "./user-list-query";

describe("user list URL query", () => {
  it("reads filters, page and size from the URL", () => {
    const query = readUserListQuery({
      search: "ada",
      user_type: "company",
      role: "admin",
      page: "3",
      pageSize: "50",
    });
    expect(query).toEqual({
      search: "ada",
      user_type: "company",
      status: undefined,
      role: "admin",
      page: 3,
      pageSize: 50,
    });
  });

  it("drops only the values the schema refuses", () => {
    const query = readUserListQuery({ role: "owner", pageSize: "7", status: "active", page: ["2", "9"] });
    expect(query).toEqual({
      search: "",
      user_type: undefined,
      status: "active",
      role: undefined,
      page: 2,
      pageSize: 10,
    });
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    const query = readUserListQuery({ status: "suspended", page: "2" });
    expect(userListSearch(query)).toBe("?status=suspended&page=2");
    expect(userListSearch(readUserListQuery({}))).toBe("");
    expect(readUserListQuery(Object.fromEntries(new URLSearchParams(userListSearch(query))))).toEqual(query);
    expect(userListApiPath(readUserListQuery({}))).toBe("/api/admin/user-list?page=1&pageSize=10");
  });
});
