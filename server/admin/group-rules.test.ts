import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  externalEmails,
  groupFormSchema,
  idsOutside,
  invalidEmails,
  memberIdsFrom,
  readGroupListQuery,
  workerNames,
} from "./group-rules";

function form(values: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values))
    for (const entry of Array.isArray(value) ? value : [value]) data.append(name, entry);
  return data;
}

describe("workerNames", () => {
  it("reads tags or a typed comma list, once each whatever the case", () => {
    expect(workerNames(["Bob Smith", "  Jane  Doe ", "bob smith", ""])).toEqual(["Bob Smith", "Jane Doe"]);
    expect(workerNames("Bob, Jane,, bob")).toEqual(["Bob", "Jane"]);
    expect(workerNames(undefined)).toEqual([]);
  });
});

describe("externalEmails", () => {
  it("lower-cases and removes repeats; invalidEmails finds the typos", () => {
    const emails = externalEmails([
      "Client@Example.com",
      "client@example.com",
      "qa@example",
      "x@y.com, z@w.org",
    ]);
    expect(emails).toEqual(["client@example.com", "qa@example", "x@y.com", "z@w.org"]);
    expect(invalidEmails(emails)).toEqual(["qa@example"]);
  });
});

describe("member ids", () => {
  it("are read once each and checked against the project's members", () => {
    expect(memberIdsFrom(["a", "b", "a", " "])).toEqual(["a", "b"]);
    expect(memberIdsFrom("a")).toEqual(["a"]);
    expect(idsOutside(["a", "b", "c"], new Set(["a", "c"]))).toEqual(["b"]);
  });
});

describe("groupFormSchema", () => {
  it("needs a name of at most 120 characters", () => {
    expect(parseWithZod(form({ name: "" }), { schema: groupFormSchema }).reply().error?.name).toEqual([
      "common:validation.required",
    ]);
    expect(
      parseWithZod(form({ name: "g".repeat(121) }), { schema: groupFormSchema }).reply().error?.name,
    ).toEqual(["common:validation.maxLength?length=120"]);
  });

  it("reports an invalid external email and too long a worker name on the field", () => {
    const result = parseWithZod(
      form({ name: "Crew", externalUsers: ["ok@example.com", "not-an-email"], workers: ["w".repeat(121)] }),
      { schema: groupFormSchema },
    );
    expect(result.reply().error).toEqual({
      externalUsers: ["common:validation.invalidEmail"],
      workers: ["common:validation.maxLength?length=120"],
    });
  });

  it("caps workers and external users at 100 each", () => {
    const workers = Array.from({ length: 101 }, (_, i) => `Worker ${i}`);
    const result = parseWithZod(form({ name: "Crew", workers }), { schema: groupFormSchema });
    expect(result.reply().error?.workers).toEqual(["groups:errors.tooMany?max=100"]);
  });

  it("gives clean lists for a valid form", () => {
    const result = parseWithZod(
      form({ name: "Night crew", memberIds: "id-1", workers: ["Bob", ""], externalUsers: "A@B.com" }),
      { schema: groupFormSchema },
    );
    expect(result.status).toBe("success");
    if (result.status === "success")
      expect(result.value).toEqual({
        name: "Night crew",
        memberIds: ["id-1"],
        workers: ["Bob"],
        externalUsers: ["a@b.com"],
      });
  });
});

describe("readGroupListQuery", () => {
  it("keeps only known sorts", () => {
    expect(readGroupListQuery(new URLSearchParams("q= crew &sort=createdAt&dir=desc"))).toEqual({
      q: "crew",
      sort: "createdAt",
      dir: "desc",
    });
    expect(readGroupListQuery(new URLSearchParams("sort=secret")).sort).toBe("name");
  });
});
