import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { message } from "~/app/utils/message-key";
import { companyStatuses } from "~/server/db/entities";
import {
  COMPANY_STATUSES,
  canDeleteCompany,
  companyFormSchema,
  companyValues,
  isPhoneNumber,
  nameKey,
  readCompanyListQuery,
  readCompanyTab,
  sameNamePattern,
  tidyName,
} from "./company-rules";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

describe("isPhoneNumber", () => {
  it("accepts numbers as people write them, with 6 to 20 digits", () => {
    expect(isPhoneNumber("+61 2 9000 0000")).toBe(true);
    expect(isPhoneNumber("(02) 9000-0000")).toBe(true);
    expect(isPhoneNumber("0901234567")).toBe(true);
    expect(isPhoneNumber("123456")).toBe(true);
    expect(isPhoneNumber("12345678901234567890")).toBe(true);
  });

  it("refuses letters, a '+' inside the number and too few or too many digits", () => {
    expect(isPhoneNumber("call me")).toBe(false);
    expect(isPhoneNumber("+61 2 9000 0000 ext 3")).toBe(false);
    expect(isPhoneNumber("02+9000")).toBe(false);
    expect(isPhoneNumber("12345")).toBe(false);
    expect(isPhoneNumber("(  ) - -")).toBe(false);
    expect(isPhoneNumber("123456789012345678901")).toBe(false);
    expect(isPhoneNumber("9000.0000")).toBe(false);
  });
});

describe("company names", () => {
  it("are stored tidied and compared without case or spacing", () => {
    expect(tidyName("  Harbour   Civil  ")).toBe("Harbour Civil");
    expect(nameKey("HARBOUR  civil ")).toBe(nameKey("Harbour Civil"));
    expect(nameKey("Harbour Civil")).not.toBe(nameKey("Harbour Civils"));
  });

  it("find old rows whatever their spacing, with LIKE wildcards escaped", () => {
    expect(sameNamePattern(" Harbour   Civil ")).toBe("Harbour%Civil");
    expect(sameNamePattern("100%_Steel")).toBe("100\\%\\_Steel");
  });
});

describe("companyFormSchema", () => {
  it("needs a name of at most 200 characters", () => {
    const missing = parseWithZod(form({ name: "  " }), { schema: companyFormSchema });
    expect(missing.reply().error?.name).toEqual(["common:validation.required"]);
    const long = parseWithZod(form({ name: "x".repeat(201) }), { schema: companyFormSchema });
    expect(long.reply().error?.name).toEqual(["common:validation.maxLength?length=200"]);
  });

  it("bounds the other fields by their columns and checks the phone", () => {
    const result = parseWithZod(
      form({
        name: "Acme",
        trade: "t".repeat(201),
        erpPartnerCompanyId: "e".repeat(101),
        taxId: "1".repeat(51),
        phone: "not a phone",
        address: "a".repeat(501),
        country: "c".repeat(101),
        description: "d".repeat(2001),
      }),
      { schema: companyFormSchema },
    );
    expect(result.reply().error).toEqual({
      trade: ["common:validation.maxLength?length=200"],
      erpPartnerCompanyId: ["common:validation.maxLength?length=100"],
      taxId: ["common:validation.maxLength?length=50"],
      phone: ["common:validation.invalidPhone"],
      address: ["common:validation.maxLength?length=500"],
      country: ["common:validation.maxLength?length=100"],
      description: ["common:validation.maxLength?length=2000"],
    });
  });

  it("gives the stored values: tidied name, null for empty fields, In progress by default", () => {
    const result = parseWithZod(form({ name: " Acme   Civil ", phone: " +61 400 000 000 ", trade: "" }), {
      schema: companyFormSchema,
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(companyValues(result.value)).toEqual({
      name: "Acme Civil",
      status: "IN_PROGRESS",
      trade: null,
      erpPartnerCompanyId: null,
      taxId: null,
      phone: "+61 400 000 000",
      address: null,
      country: null,
      description: null,
    });
  });
});

describe("company list and detail URLs", () => {
  it("read search, repeatable status filter and sort, ignoring unknown values", () => {
    const query = readCompanyListQuery(
      new URLSearchParams("q= acme &status=CLOSED&status=BOGUS&status=CLOSED&sort=country&dir=desc"),
    );
    expect(query).toEqual({ q: "acme", statuses: ["CLOSED"], sort: "country", dir: "desc" });
    expect(readCompanyListQuery(new URLSearchParams("sort=password")).sort).toBe("name");
    expect(readCompanyTab(new URLSearchParams("tab=members"))).toBe("members");
    expect(readCompanyTab(new URLSearchParams("tab=secrets"))).toBe("overview");
  });
});

describe("rules", () => {
  it("keep the entity's statuses", () => {
    expect([...COMPANY_STATUSES]).toEqual([...companyStatuses]);
  });

  it("allow deleting only a company nobody uses", () => {
    expect(canDeleteCompany({ members: 0, projects: 0 })).toBe(true);
    expect(canDeleteCompany({ members: 1, projects: 0 })).toBe(false);
    expect(canDeleteCompany({ members: 0, projects: 1 })).toBe(false);
  });

  it("write messages with their parameters", () => {
    expect(message("common:validation.required")).toBe("common:validation.required");
    expect(message("common:validation.maxLength", { length: 120 })).toBe(
      "common:validation.maxLength?length=120",
    );
  });
});
