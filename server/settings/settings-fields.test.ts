import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { settingsErrorMap } from "./form-errors.server";
import { defaultsOf, describeSettingsForm, effectiveValues, formSchemaFor } from "./settings-fields";
import { labelFromName } from "./settings-labels";

const schema = z.object({
  memberInvited: z.boolean().default(true),
  supportEmail: z.string().email().max(320).default("support@siteproof.test"),
  documentServiceUrl: z.string().url().max(500).optional(),
  folderName: z.string().max(40),
  pageSize: z.number().int().min(5).max(50).default(10),
  defaultView: z.enum(["unread", "all"]).default("unread"),
});

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

const parse = (entries: Record<string, string>) =>
  parseWithZod(form(entries), { schema: formSchemaFor(schema), error: settingsErrorMap });

const errorsOf = (entries: Record<string, string>) => {
  const submission = parse(entries);
  return submission.status === "success" ? null : submission.error;
};

describe("settings form fields from a zod schema", () => {
  it("gives each field the control its type calls for, with its default and limits", () => {
    expect(describeSettingsForm(schema)).toEqual([
      { name: "memberInvited", kind: "boolean", required: false, defaultValue: true },
      {
        name: "supportEmail",
        kind: "email",
        required: true,
        defaultValue: "support@siteproof.test",
        maxLength: 320,
      },
      { name: "documentServiceUrl", kind: "url", required: false, maxLength: 500 },
      { name: "folderName", kind: "text", required: true, maxLength: 40 },
      { name: "pageSize", kind: "number", required: true, defaultValue: 10, min: 5, max: 50, integer: true },
      {
        name: "defaultView",
        kind: "select",
        required: true,
        defaultValue: "unread",
        options: ["unread", "all"],
      },
    ]);
  });

  it("shows a plain string allowed more than 500 characters (a mail template) as a textarea", () => {
    const long = z.object({
      template: z.string().max(5000).default("Dear {clientName}"),
      subject: z.string().max(500),
    });
    expect(describeSettingsForm(long)).toEqual([
      {
        name: "template",
        kind: "textarea",
        required: true,
        defaultValue: "Dear {clientName}",
        maxLength: 5000,
      },
      { name: "subject", kind: "text", required: true, maxLength: 500 },
    ]);
  });

  it("refuses a field type a form cannot show", () => {
    expect(() => describeSettingsForm(z.object({ tags: z.array(z.string()) }))).toThrow(
      /Settings field "tags" has type "array"/,
    );
  });

  it("uses the defaults when nothing is stored, and stored values that are still valid", () => {
    expect(defaultsOf(schema)).toEqual({
      memberInvited: true,
      supportEmail: "support@siteproof.test",
      pageSize: 10,
      defaultView: "unread",
    });
    expect(effectiveValues(schema, null)).toEqual(defaultsOf(schema));
    expect(effectiveValues(schema, { memberInvited: false, pageSize: 500, folderName: "QA" })).toEqual({
      memberInvited: false,
      supportEmail: "support@siteproof.test",
      pageSize: 10,
      defaultView: "unread",
      folderName: "QA",
    });
  });
});

describe("a submitted settings form", () => {
  it("reads an unticked checkbox as false, not as its default", () => {
    const submission = parse({
      supportEmail: "help@site.test",
      folderName: "QA",
      pageSize: "20",
      defaultView: "all",
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      memberInvited: false,
      supportEmail: "help@site.test",
      folderName: "QA",
      pageSize: 20,
      defaultView: "all",
    });
  });

  it("answers with the product's messages", () => {
    const errors = errorsOf({
      memberInvited: "on",
      supportEmail: "not-an-email",
      documentServiceUrl: "nowhere",
      folderName: "x".repeat(41),
      pageSize: "4.5",
      defaultView: "sometimes",
    });
    expect(errors).toEqual({
      supportEmail: ["common:validation.invalidEmail"],
      documentServiceUrl: ["settings:validation.invalidUrl"],
      folderName: ["common:validation.maxLength?length=40"],
      pageSize: ["settings:validation.wholeNumber"],
      defaultView: ["settings:validation.invalidOption"],
    });
  });

  it("states the bounds of a number", () => {
    const base = { supportEmail: "a@b.co", folderName: "QA", defaultView: "all" };
    expect(errorsOf({ ...base, pageSize: "4" })).toEqual({ pageSize: ["settings:validation.min?min=5"] });
    expect(errorsOf({ ...base, pageSize: "51" })).toEqual({
      pageSize: ["settings:validation.max?max=50"],
    });
  });

  it("requires a field the user emptied unless the schema makes it optional", () => {
    expect(errorsOf({ supportEmail: "", folderName: "", pageSize: "abc", defaultView: "all" })).toEqual({
      supportEmail: ["common:validation.required"],
      folderName: ["common:validation.required"],
      pageSize: ["common:validation.invalidNumber"],
    });
  });
});

describe("labels made from names", () => {
  it("reads camel case as words", () => {
    expect(labelFromName("memberInvited")).toBe("Member invited");
    expect(labelFromName("documentServiceUrl")).toBe("Document service URL");
    expect(labelFromName("page_size")).toBe("Page size");
  });
});
