import { describe, expect, it } from "vitest";
import { ActivityLog, GlobalSetting, User } from "~/server/db/entities";
import { readGlobalSettings } from "~/server/settings/settings.server";
import { toastText } from "~/server/settings/test-support";
import { createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signIn } from "~/tests/setup/requests";
import * as settings from "../routes/settings";

const db = setupTestDatabase();
const PAGE = "/globalSettings/settings";
const VIEW = "global-settings.settings.view-global";
const EDIT = "global-settings.settings.edit-global";

/** A user whose global role grants these keys (global settings pages need no project). */
async function userWithGlobalRole(grantedActions: string[]) {
  const role = await createRole(db.em, { grantedActions });
  const user = await createUser(db.em);
  await db.em.nativeUpdate(User, { id: user.id }, { globalRole: role.id });
  return { user, cookie: await signIn(db.em, user) };
}

const generalForm = (values: Record<string, string>) => ({
  intent: "save",
  moduleId: "global-settings",
  form: "general",
  ...values,
});

describe("global settings page", () => {
  it("shows the global modules' forms with their defaults", async () => {
    const { cookie } = await userWithGlobalRole([VIEW, EDIT]);
    const page = await callLoader(settings, PAGE, { cookie });
    expect(page.status).toBe(200);
    expect(page.data.cards).toHaveLength(1);
    expect(page.data.cards[0]).toMatchObject({
      key: "global-settings.general",
      title: "Global Settings",
      customised: false,
      canSave: true,
      values: { supportEmail: "support@siteproof.test" },
      fields: [
        { name: "supportEmail", kind: "email", label: "Support email", required: true, maxLength: 320 },
        {
          name: "documentServiceUrl",
          kind: "url",
          label: "Document-management service address",
          required: false,
        },
      ],
    });
    expect(await readGlobalSettings(db.em, "global-settings", "general")).toEqual({
      supportEmail: "support@siteproof.test",
    });
  });

  it("refuses invalid values with the field's message and stores nothing", async () => {
    const { cookie } = await userWithGlobalRole([VIEW, EDIT]);
    const invalid = await callAction(settings, PAGE, {
      cookie,
      form: generalForm({ supportEmail: "help-desk", documentServiceUrl: "documents" }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toEqual({
      formKey: "global-settings.general",
      result: expect.objectContaining({
        error: { supportEmail: ["Invalid email"], documentServiceUrl: ["Invalid URL"] },
      }),
    });
    const tooLong = await callAction(settings, PAGE, {
      cookie,
      form: generalForm({ supportEmail: "", documentServiceUrl: `https://docs.test/${"a".repeat(500)}` }),
    });
    expect(tooLong.data.result.error).toEqual({
      supportEmail: ["This field is required"],
      documentServiceUrl: ["Maximum 500 characters"],
    });
    expect(await db.em.count(GlobalSetting, {})).toBe(0);
    expect(await db.em.count(ActivityLog, {})).toBe(0);
  });

  it("saves for the whole product and logs the change outside any project", async () => {
    const { user, cookie } = await userWithGlobalRole([VIEW, EDIT]);
    const result = await callAction(settings, PAGE, {
      cookie,
      form: generalForm({
        supportEmail: "help@siteproof.test",
        documentServiceUrl: "https://docs.siteproof.test",
      }),
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(PAGE);
    expect(await toastText(result)).toBe("Settings updated");
    expect(await readGlobalSettings(db.em, "global-settings", "general")).toEqual({
      supportEmail: "help@siteproof.test",
      documentServiceUrl: "https://docs.siteproof.test",
    });
    expect(await db.em.findOneOrFail(ActivityLog, { entityType: "GlobalSetting" })).toMatchObject({
      project: null,
      actor: { id: user.id },
      entityId: "global-settings.general",
      action: "updated",
      before: { supportEmail: "support@siteproof.test" },
      after: { supportEmail: "help@siteproof.test", documentServiceUrl: "https://docs.siteproof.test" },
    });

    const reset = await callAction(settings, PAGE, {
      cookie,
      form: { intent: "reset", moduleId: "global-settings", form: "general" },
    });
    expect(await toastText(reset)).toBe("Settings reset to defaults");
    expect(await db.em.count(GlobalSetting, {})).toBe(0);
    expect(await readGlobalSettings(db.em, "global-settings", "general")).toEqual({
      supportEmail: "support@siteproof.test",
    });
  });

  it("lets a view-only global role look but not save or reset", async () => {
    const { cookie } = await userWithGlobalRole([VIEW]);
    const page = await callLoader(settings, PAGE, { cookie });
    expect(page.data.cards[0]).toMatchObject({ canSave: false, canReset: false });
    const save = await callAction(settings, PAGE, {
      cookie,
      form: generalForm({ supportEmail: "x@y.test" }),
    });
    expect(save.status).toBe(403);
    const reset = await callAction(settings, PAGE, {
      cookie,
      form: { intent: "reset", moduleId: "global-settings", form: "general" },
    });
    expect(reset.status).toBe(403);
    expect(await db.em.count(GlobalSetting, {})).toBe(0);

    const outsider = await userWithGlobalRole([]);
    expect((await callLoader(settings, PAGE, { cookie: outsider.cookie })).location).toBe("/forbidden");
  });

  it("answers 404 for a form no global module declares", async () => {
    const { cookie } = await userWithGlobalRole([VIEW, EDIT]);
    const result = await callAction(settings, PAGE, {
      cookie,
      form: { intent: "save", moduleId: "notifications", form: "general", pageSize: "10" },
    });
    expect(result.status).toBe(404);
  });
});
