import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  addressesFromForm,
  checkAddressList,
  deactivationRefusal,
  globalInvitationSchema,
  isInvitationEmail,
  likePattern,
  MAX_INVITATION_EMAILS,
  memberStatus,
  nameFromEmail,
  projectInvitationSchema,
} from "./member-rules";

const ROLE_ID = "6f1c2a9e-8f55-4d8e-9a57-1c1b6e0b2a11";

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const errorsOf = (submission: { status?: string }) =>
  (submission as { error?: Record<string, string[]> }).error ?? {};

const addresses = (count: number) => Array.from({ length: count }, (_, i) => `person${i}@site.test`);

describe("member status", () => {
  it("is Invited until a password is set or a Microsoft account is linked", () => {
    expect(memberStatus({ passwordHash: null, microsoftSubject: null, isActive: true })).toBe("invited");
    expect(memberStatus({ passwordHash: "hash", microsoftSubject: null, isActive: true })).toBe("active");
    expect(memberStatus({ passwordHash: null, microsoftSubject: "ms-1", isActive: true })).toBe("active");
  });

  it("is Deactivated for an inactive account, whatever else holds", () => {
    expect(memberStatus({ passwordHash: "hash", microsoftSubject: null, isActive: false })).toBe(
      "deactivated",
    );
    expect(memberStatus({ passwordHash: null, microsoftSubject: null, isActive: false })).toBe("deactivated");
  });
});

describe("address list", () => {
  it("trims, lower-cases and splits typed comma lists", () => {
    expect(addressesFromForm(["  Ann@Site.test ", "bob@site.test, CAT@site.test", "", 7])).toEqual([
      "ann@site.test",
      "bob@site.test",
      "cat@site.test",
    ]);
    expect(addressesFromForm("one@site.test")).toEqual(["one@site.test"]);
    expect(addressesFromForm(undefined)).toEqual([]);
  });

  it("reports duplicates (case-insensitive once lower-cased), invalid addresses and too many", () => {
    const check = checkAddressList(addressesFromForm(["a@site.test", "A@site.test", "nope", "b@"]));
    expect(check.unique).toEqual(["a@site.test", "nope", "b@"]);
    expect(check.duplicates).toEqual(["a@site.test"]);
    expect(check.invalid).toEqual(["nope", "b@"]);
    expect(check.tooMany).toBe(false);
    expect(checkAddressList(addresses(MAX_INVITATION_EMAILS)).tooMany).toBe(false);
    expect(checkAddressList(addresses(MAX_INVITATION_EMAILS + 1)).tooMany).toBe(true);
  });

  it("checks addresses like an email field and refuses over-long ones", () => {
    expect(isInvitationEmail("site.engineer@harbour.test")).toBe(true);
    expect(isInvitationEmail("two words@harbour.test")).toBe(false);
    expect(isInvitationEmail(`${"a".repeat(320)}@harbour.test`)).toBe(false);
  });
});

describe("invitation schema", () => {
  it("requires at least one address and a product role", () => {
    const result = parseWithZod(form([["emails", ""]]), { schema: projectInvitationSchema });
    expect(result.status).toBe("error");
    expect(errorsOf(result)).toMatchObject({
      emails: ["validation.required"],
      roleId: ["validation.required"],
    });
  });

  it("names each bad address and each duplicate", () => {
    const result = parseWithZod(
      form([
        ["emails", "ok@site.test"],
        ["emails", "bad@"],
        ["emails", "OK@site.test"],
        ["roleId", ROLE_ID],
      ]),
      { schema: projectInvitationSchema },
    );
    expect(errorsOf(result).emails).toEqual([
      "validation.invalidEmail|bad@",
      "members:invite.duplicateEmail|ok@site.test",
    ]);
  });

  it("refuses more than 100 addresses with its own message", () => {
    const result = parseWithZod(
      form([
        ["emails", addresses(101).join(",")],
        ["roleId", ROLE_ID],
      ]),
      { schema: projectInvitationSchema },
    );
    expect(errorsOf(result).emails).toEqual(["members:invite.tooManyEmails"]);
  });

  it("reads 'none' and absent optional choices as no choice", () => {
    const result = parseWithZod(
      form([
        ["emails", "ok@site.test"],
        ["roleId", ROLE_ID],
        ["accRoleId", "none"],
      ]),
      { schema: projectInvitationSchema },
    );
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      emails: ["ok@site.test"],
      roleId: ROLE_ID,
      accRoleId: null,
      companyId: null,
    });
    const global = parseWithZod(form([["emails", "ok@site.test"]]), { schema: globalInvitationSchema });
    expect(global.status === "success" && global.value.globalRoleId).toBeNull();
  });
});

describe("other rules", () => {
  it("names a new account after the address", () => {
    expect(nameFromEmail("mary.jones@site.test")).toBe("Mary Jones");
    expect(nameFromEmail("qa_lead-2@site.test")).toBe("Qa Lead 2");
  });

  it("lets nobody deactivate themselves, and only a super admin deactivate a super admin", () => {
    const admin = { id: "a", isSuperAdmin: false };
    expect(deactivationRefusal(admin, admin)).toBe("self");
    expect(deactivationRefusal(admin, { id: "b", isSuperAdmin: true })).toBe("superAdmin");
    expect(deactivationRefusal({ id: "c", isSuperAdmin: true }, { id: "b", isSuperAdmin: true })).toBeNull();
    expect(deactivationRefusal(admin, { id: "b", isSuperAdmin: false })).toBeNull();
  });

  it("escapes LIKE wildcards in searches", () => {
    expect(likePattern("50%_a\\")).toBe("%50\\%\\_a\\\\%");
  });
});
