import { describe, expect, it } from "vitest";
import { serverT } from "~/server/i18n/i18n.server";
import { message, parseMessage, translateMessage } from "./message-key";

describe("server messages", () => {
  it("carry a key and named parameters in one string, read back as they were", () => {
    const text = message("common:validation.maxLength", { length: 200 });
    expect(text).toBe("common:validation.maxLength?length=200");
    expect(parseMessage(text)).toEqual({ key: "common:validation.maxLength", params: { length: "200" } });
    expect(parseMessage("Plain words")).toEqual({ key: "Plain words", params: {} });
  });

  it("pick the plural form from a count carried as text", async () => {
    const t = await serverT("en");
    const one = translateMessage(t, message("locations:errors.inUse", { count: 1, name: "Pier 1" }));
    const many = translateMessage(t, message("locations:errors.inUse", { count: 3, name: "Pier 1" }));
    expect(one).toBe("This location is used by 1 record and cannot be deleted");
    expect(many).toContain("used by 3 records");
  });
});
