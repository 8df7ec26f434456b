import { describe, expect, it } from "vitest";
import { readUserListQuery } from "../shared/read-list-queries";
import { sortedBy, userExportPath, userListApiPath, userListSearch } from "./user-list-query";

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
      sort: "created",
      dir: "desc",
    });
  });

  it("drops only the values the schema refuses", () => {
    const query = readUserListQuery({
      role: "owner",
      pageSize: "7",
      status: "active",
      page: ["2", "9"],
      sort: "password_hash",
    });
    expect(query).toEqual({
      search: "",
      user_type: undefined,
      status: "active",
      role: undefined,
      page: 2,
      pageSize: 10,
      sort: "created",
      dir: "desc",
    });
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    const query = readUserListQuery({ status: "suspended", page: "2" });
    expect(userListSearch(query)).toBe("?status=suspended&page=2");
    expect(userListSearch(readUserListQuery({}))).toBe("");
    expect(readUserListQuery(Object.fromEntries(new URLSearchParams(userListSearch(query))))).toEqual(query);
    expect(userListApiPath(readUserListQuery({}))).toBe(
      "/api/admin/user-list?page=1&pageSize=10&sort=created&dir=desc",
    );
  });

  it("sorts by a header: ascending first (newest first for created), the other way on the sorted column, back to page 1", () => {
    const query = readUserListQuery({ status: "active", page: "3" });
    const byName = sortedBy(query, "name");
    expect(userListSearch(byName)).toBe("?status=active&sort=name&dir=asc");
    expect(userListSearch(sortedBy(byName, "name"))).toBe("?status=active&sort=name&dir=desc");
    expect(userListSearch(sortedBy(byName, "created"))).toBe("?status=active");
    expect(userListSearch(sortedBy(query, "created"))).toBe("?status=active&dir=asc");
  });

  it("exports the same filters and order, without page or size", () => {
    const query = readUserListQuery({ search: "ada", page: "4", pageSize: "50", sort: "email", dir: "asc" });
    expect(userExportPath(query)).toBe("/api/admin/users/export.csv?search=ada&sort=email&dir=asc");
    expect(userExportPath(readUserListQuery({}))).toBe("/api/admin/users/export.csv");
  });
});
