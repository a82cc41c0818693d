import { describe, expect, it } from "vitest";
import { dayOfDateColumn } from "./date-column";
import { placeholders, registerWhere } from "./register-query";

describe("a register's where clause", () => {
  it("adds a filter's condition only when the filter is set, its values in placeholder order", () => {
    const where = registerWhere("x.project_id = ?", "p1")
      .equals("x.status", "OPEN")
      .equals("x.kind", null)
      .equals("x.label", "")
      .atLeast("x.day", "2026-11-01")
      .atMost("x.day", undefined)
      .when(false, "x.mine = ?", "u1")
      .when(true, "(x.a = ? or x.b = ?)", "u1", "u1");
    expect(where.sql).toBe("x.project_id = ? and x.status = ? and x.day >= ? and (x.a = ? or x.b = ?)");
    expect(where.params).toEqual(["p1", "OPEN", "2026-11-01", "u1", "u1"]);
  });

  it("reads null ids as no filter and an empty list as nothing matches", () => {
    expect(registerWhere("true").within("x.location_id", null).sql).toBe("true");
    expect(registerWhere("true").within("x.location_id", []).sql).toBe("true and false");
    const some = registerWhere("true").within("x.location_id", ["a", "b"]);
    expect([some.sql, some.params]).toEqual(["true and x.location_id in (?, ?)", ["a", "b"]]);
  });

  it("searches the text as typed, with its alternatives in the same condition", () => {
    const where = registerWhere("true").search("x.number || x.title", "50%_off", {
      sql: "x.creator_id in (?)",
      params: ["u9"],
    });
    expect(where.sql).toBe("true and ((x.number || x.title) ilike ? or x.creator_id in (?))");
    expect(where.params).toEqual(["%50\\%\\_off%", "u9"]);
    expect(registerWhere("true").search("x.title", "  ".trim()).sql).toBe("true");
  });

  it("adds a condition built elsewhere, and nothing for none", () => {
    const where = registerWhere("true")
      .also({ sql: "x.expiry < ?", params: ["2026-12-01"] })
      .also(null);
    expect([where.sql, where.params]).toEqual(["true and x.expiry < ?", ["2026-12-01"]]);
    expect(placeholders([1, 2, 3])).toBe("?, ?, ?");
  });
});

describe("a date column's day", () => {
  it("is the calendar day of a string or of a local-midnight Date", () => {
    expect(dayOfDateColumn("2026-11-26")).toBe("2026-11-26");
    expect(dayOfDateColumn(new Date(2026, 10, 26))).toBe("2026-11-26");
    expect(dayOfDateColumn(null)).toBeNull();
  });
});
