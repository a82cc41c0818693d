import { describe, expect, it } from "vitest";
import { ActivityLog, type IProject, ProjectModule, ProjectSetting } from "~/server/db/entities";
import { readProjectSettings } from "~/server/settings/settings.server";
import { toastText } from "~/server/settings/test-support";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import * as settings from "../routes/settings";

const db = setupTestDatabase();
const PAGE = "/project-settings/settings";

const VIEW_NOTIFICATIONS = "project-settings.notificationSetting.view-notification-settings";
const EDIT_NOTIFICATIONS = "project-settings.notificationSetting.edit-notification-settings";
const VIEW_GENERAL = "project-settings.settings.view-settings";
const SAVE_GENERAL = "project-settings.settings.create-settings";
const RESET = "project-settings.settings.delete-settings";
const EVERYTHING = [VIEW_NOTIFICATIONS, EDIT_NOTIFICATIONS, VIEW_GENERAL, SAVE_GENERAL, RESET];

const memberWith = (project: IProject, grantedActions: string[]) =>
  signedInMember(db.em, project, grantedActions);

const notificationsForm = (values: Record<string, string>) => ({
  intent: "save",
  moduleId: "project-settings",
  form: "notifications",
  ...values,
});
const inboxForm = (values: Record<string, string>) => ({
  intent: "save",
  moduleId: "notifications",
  form: "general",
  ...values,
});

describe("project settings page", () => {
  it("shows each module's form with its defaults while nothing is stored", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, EVERYTHING);

    const page = await callLoader(settings, PAGE, { cookie });
    expect(page.status).toBe(200);
    expect(page.data.tabs).toEqual(["notifications", "general"]);
    expect(page.data.tab).toBe("notifications");
    const [card] = page.data.cards;
    expect(page.data.cards).toHaveLength(1);
    expect(card).toMatchObject({
      key: "project-settings.notifications",
      title: "Project Settings",
      customised: false,
      canSave: true,
      canReset: true,
      values: { memberInvited: true, memberRemoved: true, roleChanged: false },
    });
    // The project-settings module has no texts for its fields yet: labels are made from the names.
    expect(card.fields.map((field: { label: string; kind: string }) => [field.label, field.kind])).toEqual([
      ["Email people added to the project", "boolean"],
      ["Email members removed from the project", "boolean"],
      ["Email members when their role changes", "boolean"],
    ]);

    const general = await callLoader(settings, `${PAGE}?tab=general`, { cookie });
    expect(general.data.tab).toBe("general");
    expect(general.data.cards.map((generalCard: { key: string }) => generalCard.key)).toEqual([
      "safety.actionNotifications",
      "safety.incidentSettings",
      "safety.incidentNotifications",
      "safety.auditNotifications",
      "safety.swmsNotifications",
      "quality.holdPoints",
      "quality.numbering",
      "quality.formTemplates",
      "quality.lotNotifications",
      "quality.itpNotifications",
      "operation.siteDiary",
      "plant.plantNotifications",
      "plant.plantSettings",
      "cost-and-commercial.calendar",
      "rostering.rosteringSettings",
      "notifications.general",
      "project-settings.general",
    ]);
    // The project's time zone (decision 029): unset by default (the region's zone), any IANA zone offered.
    const zone = general.data.cards.find(
      (generalCard: { key: string }) => generalCard.key === "project-settings.general",
    );
    expect(zone.fields[0]).toMatchObject({ name: "timeZone", kind: "select", required: false });
    expect(zone.fields[0].options).toContain("Australia/Sydney");
    expect(zone.fields[0].optionLabels["Australia/Sydney"]).toBe("Australia/Sydney");
    expect(
      general.data.cards.find((generalCard: { key: string }) => generalCard.key === "notifications.general"),
    ).toMatchObject({
      key: "notifications.general",
      title: "Notifications",
      values: { defaultView: "unread", pageSize: 10 },
      fields: [
        {
          name: "defaultView",
          kind: "select",
          label: "List shown first",
          optionLabels: { unread: "Unread", all: "All" },
        },
        {
          name: "pageSize",
          kind: "number",
          label: "Notifications per page",
          min: 5,
          max: 50,
          required: true,
        },
      ],
    });
    expect(await readProjectSettings(db.em, project.id, "project-settings", "notifications")).toEqual({
      memberInvited: true,
      memberRemoved: true,
      roleChanged: false,
    });
  });

  it("shows each tab only to a member allowed to view it", async () => {
    const project = await createProject(db.em);
    const general = await memberWith(project, [VIEW_GENERAL]);
    const page = await callLoader(settings, PAGE, { cookie: general.cookie });
    expect(page.data).toMatchObject({ tabs: ["general"], tab: "general" });
    expect(page.data.cards[0]).toMatchObject({ canSave: false, canReset: false });

    const notifications = await memberWith(project, [VIEW_NOTIFICATIONS]);
    const other = await callLoader(settings, `${PAGE}?tab=general`, { cookie: notifications.cookie });
    expect(other.data).toMatchObject({ tabs: ["notifications"], tab: "notifications" });

    const neither = await memberWith(project, ["project-settings.members.view"]);
    expect((await callLoader(settings, PAGE, { cookie: neither.cookie })).location).toBe("/forbidden");
  });

  it("saves notification settings, logs what changed and says so", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(project, [VIEW_NOTIFICATIONS, EDIT_NOTIFICATIONS]);

    // memberRemoved is left unticked: an unticked box is false, whatever the default.
    const result = await callAction(settings, PAGE, {
      cookie,
      form: notificationsForm({ memberInvited: "on", roleChanged: "on" }),
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(PAGE);
    expect(await toastText(result)).toBe("Notification settings updated");
    expect(await readProjectSettings(db.em, project.id, "project-settings", "notifications")).toEqual({
      memberInvited: true,
      memberRemoved: false,
      roleChanged: true,
    });
    const [entry] = await db.em.find(ActivityLog, { entityType: "ProjectSetting" });
    expect(entry).toMatchObject({
      project: { id: project.id },
      actor: { id: user.id },
      entityId: "project-settings.notifications",
      action: "updated",
      before: { memberRemoved: true, roleChanged: false },
      after: { memberRemoved: false, roleChanged: true },
    });

    const page = await callLoader(settings, PAGE, { cookie });
    expect(page.data.cards[0]).toMatchObject({ customised: true, values: { memberRemoved: false } });
    // Another project keeps its own values.
    const other = await createProject(db.em);
    expect(await readProjectSettings(db.em, other.id, "project-settings", "notifications")).toMatchObject({
      memberRemoved: true,
    });
  });

  it("refuses invalid values with the field's message and stores nothing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, [VIEW_GENERAL, SAVE_GENERAL]);

    const tooMany = await callAction(settings, `${PAGE}?tab=general`, {
      cookie,
      form: inboxForm({ defaultView: "all", pageSize: "500" }),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.formKey).toBe("notifications.general");
    expect(tooMany.data.result.error).toEqual({ pageSize: ["Maximum 50"] });

    const empty = await callAction(settings, PAGE, {
      cookie,
      form: inboxForm({ defaultView: "sometimes", pageSize: "" }),
    });
    expect(empty.data.result.error).toEqual({
      defaultView: ["Select one of the options"],
      pageSize: ["This field is required"],
    });
    const notANumber = await callAction(settings, PAGE, {
      cookie,
      form: inboxForm({ defaultView: "all", pageSize: "ten" }),
    });
    expect(notANumber.data.result.error).toEqual({ pageSize: ["Invalid number"] });

    expect(await db.em.count(ProjectSetting, {}, { filters: false })).toBe(0);
    expect(await db.em.count(ActivityLog, {})).toBe(0);

    const saved = await callAction(settings, PAGE, {
      cookie,
      form: inboxForm({ defaultView: "all", pageSize: "25" }),
    });
    expect(saved.location).toBe(`${PAGE}?tab=general`);
    expect(await toastText(saved)).toBe("Settings updated");
    expect(await readProjectSettings(db.em, project.id, "notifications", "general")).toEqual({
      defaultView: "all",
      pageSize: 25,
    });
  });

  it("refuses saving and resetting to a member who may only look", async () => {
    const project = await createProject(db.em);
    const viewer = await memberWith(project, [VIEW_NOTIFICATIONS, VIEW_GENERAL]);

    const save = await callAction(settings, PAGE, { cookie: viewer.cookie, form: notificationsForm({}) });
    expect(save.status).toBe(403);
    const saveGeneral = await callAction(settings, PAGE, {
      cookie: viewer.cookie,
      form: inboxForm({ defaultView: "all", pageSize: "20" }),
    });
    expect(saveGeneral.status).toBe(403);
    const reset = await callAction(settings, PAGE, {
      cookie: viewer.cookie,
      form: { intent: "reset", moduleId: "notifications", form: "general" },
    });
    expect(reset.status).toBe(403);

    // The right to save general settings is not the right to save notification settings.
    const generalEditor = await memberWith(project, [VIEW_NOTIFICATIONS, VIEW_GENERAL, SAVE_GENERAL]);
    const crossed = await callAction(settings, PAGE, {
      cookie: generalEditor.cookie,
      form: notificationsForm({}),
    });
    expect(crossed.status).toBe(403);

    expect(await db.em.count(ProjectSetting, {}, { filters: false })).toBe(0);
    expect(await db.em.count(ActivityLog, {})).toBe(0);
  });

  it("resets a form to its defaults by deleting the stored values", async () => {
    const project = await createProject(db.em);
    const editor = await memberWith(project, [VIEW_GENERAL, SAVE_GENERAL]);
    await callAction(settings, PAGE, {
      cookie: editor.cookie,
      form: inboxForm({ defaultView: "all", pageSize: "30" }),
    });

    const refused = await callAction(settings, PAGE, {
      cookie: editor.cookie,
      form: { intent: "reset", moduleId: "notifications", form: "general" },
    });
    expect(refused.status).toBe(403);

    const admin = await memberWith(project, [VIEW_GENERAL, RESET]);
    const reset = await callAction(settings, PAGE, {
      cookie: admin.cookie,
      form: { intent: "reset", moduleId: "notifications", form: "general" },
    });
    expect(reset.status).toBe(302);
    expect(await toastText(reset)).toBe("Settings reset to defaults");
    expect(await db.em.count(ProjectSetting, {}, { filters: false })).toBe(0);
    expect(await readProjectSettings(db.em, project.id, "notifications", "general")).toEqual({
      defaultView: "unread",
      pageSize: 10,
    });
    const entry = await db.em.findOneOrFail(ActivityLog, { action: "reset" });
    expect(entry).toMatchObject({
      entityType: "ProjectSetting",
      entityId: "notifications.general",
      actor: { id: admin.user.id },
      before: { defaultView: "all", pageSize: 30 },
      after: { defaultView: "unread", pageSize: 10 },
    });
  });

  it("writes nothing when a save changes none of the values in force", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, EVERYTHING);
    const defaults = notificationsForm({ memberInvited: "on", memberRemoved: "on" });
    const result = await callAction(settings, PAGE, { cookie, form: defaults });
    expect(await toastText(result)).toBe("Notification settings updated");
    expect(await db.em.count(ProjectSetting, {}, { filters: false })).toBe(0);
    expect(await db.em.count(ActivityLog, {})).toBe(0);

    // Saved back to the defaults: the form no longer counts as changed, so there is nothing to reset.
    await callAction(settings, PAGE, { cookie, form: notificationsForm({ memberInvited: "on" }) });
    expect((await callLoader(settings, PAGE, { cookie })).data.cards[0].customised).toBe(true);
    await callAction(settings, PAGE, { cookie, form: defaults });
    expect((await callLoader(settings, PAGE, { cookie })).data.cards[0].customised).toBe(false);
  });

  it("leaves out the forms of a module switched off in the project", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, EVERYTHING);
    const em = db.em;
    em.create(ProjectModule, { project, moduleId: "notifications", enabled: false });
    await em.flush();

    const page = await callLoader(settings, `${PAGE}?tab=general`, { cookie });
    expect(page.data.cards.map((card: { key: string }) => card.key)).toEqual([
      "safety.actionNotifications",
      "safety.incidentSettings",
      "safety.incidentNotifications",
      "safety.auditNotifications",
      "safety.swmsNotifications",
      "quality.holdPoints",
      "quality.numbering",
      "quality.formTemplates",
      "quality.lotNotifications",
      "quality.itpNotifications",
      "operation.siteDiary",
      "plant.plantNotifications",
      "plant.plantSettings",
      "cost-and-commercial.calendar",
      "rostering.rosteringSettings",
      "project-settings.general",
    ]);
    const save = await callAction(settings, PAGE, {
      cookie,
      form: inboxForm({ defaultView: "all", pageSize: "20" }),
    });
    expect(save.status).toBe(404);
  });
});
