import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, it } from "vitest";
import { inviteToProject } from "~/server/admin/invitations.server";
import {
  type IProject,
  type IUser,
  Notification,
  NotificationPreference,
  OutboxMail,
  ProjectModule,
} from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import {
  moduleOfEvent,
  notificationEvents,
  notificationSettingsPages,
} from "~/server/notifications/catalogue";
import { notify } from "~/server/notifications/notify.server";
import { registry } from "~/server/registry";
import { toastText } from "~/server/settings/test-support";
import { createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import * as inbox from "../routes/notifications";
import * as settingsPage from "../routes/settings";

const db = setupTestDatabase();
const VIEW = "notifications.notification.view";
const SETTINGS = "/notifications/settings";
const PLANT_SETTINGS = "plant.notification.view-notification-settings";

/** The plant module's failed-check texts, in the reader's language, as the plant module sends them. */
const plantText = (key: "title" | "body") => async (locale: Locale) =>
  (await serverT(locale, "plant"))(`notifications.checkFailed.${key}`, {
    number: "PL-7",
    plant: "Excavator",
    project: "Harbour",
    day: "2026-01-05",
    operator: "Oscar",
    items: "Brakes",
  }) as string;

const tellCheckFailed = (project: IProject, recipients: IUser[]) =>
  notify(db.em, {
    projectId: project.id,
    event: "plant-check-failed",
    recipients,
    title: plantText("title"),
    body: plantText("body"),
    link: "/plants-and-machinery/register",
    fallbackLocale: "en",
  });

const rowsOf = (user: IUser) => db.em.find(Notification, { recipient: user.id });
const mailsTo = (user: IUser) => db.em.find(OutboxMail, { to: user.email.toLowerCase() });

async function prefer(user: IUser, event: string, choice: { inApp: boolean; email: boolean }) {
  const em: EntityManager = db.em;
  em.create(NotificationPreference, { user, event, ...choice });
  await em.flush();
}

describe("notify() honours each user's notification settings", () => {
  it("tells a user with no settings in the product and by e-mail, and stores the event's module", async () => {
    const project = await createProject(db.em);
    const user = await createUser(db.em);
    const outcome = await tellCheckFailed(project, [user]);
    expect(outcome).toMatchObject({ notified: 1, mailed: 1 });
    const [row] = await rowsOf(user);
    expect(row).toMatchObject({ module: "plant", event: "plant-check-failed" });
    expect(row.title).toBe("PL-7 failed its pre-start check");
    expect(await mailsTo(user)).toHaveLength(1);
  });

  it("writes no row for a user who turned in-app off, and sends no mail to one who turned e-mail off", async () => {
    const project = await createProject(db.em);
    const noInApp = await createUser(db.em);
    const noMail = await createUser(db.em);
    const nothing = await createUser(db.em);
    const otherEventOff = await createUser(db.em);
    await prefer(noInApp, "plant-check-failed", { inApp: false, email: true });
    await prefer(noMail, "plant-check-failed", { inApp: true, email: false });
    await prefer(nothing, "plant-check-failed", { inApp: false, email: false });
    await prefer(otherEventOff, "plant-document-expired", { inApp: false, email: false });

    const outcome = await tellCheckFailed(project, [noInApp, noMail, nothing, otherEventOff]);
    expect(outcome).toMatchObject({ notified: 2, mailed: 2 });
    expect(await rowsOf(noInApp)).toHaveLength(0);
    expect(await mailsTo(noInApp)).toHaveLength(1);
    expect(await rowsOf(noMail)).toHaveLength(1);
    expect(await mailsTo(noMail)).toHaveLength(0);
    expect(await rowsOf(nothing)).toHaveLength(0);
    expect(await mailsTo(nothing)).toHaveLength(0);
    // A choice for another event changes nothing here.
    expect(await rowsOf(otherEventOff)).toHaveLength(1);
    expect(await mailsTo(otherEventOff)).toHaveLength(1);
  });
});

describe("Vietnamese recipients", () => {
  it("get the title, the body and the mail in Vietnamese, next to an English reader of the same event", async () => {
    const project = await createProject(db.em);
    const vietnamese = await createUser(db.em, { locale: "vi" });
    const english = await createUser(db.em);
    await tellCheckFailed(project, [vietnamese, english]);
    const vi = await serverT("vi", "plant");
    const [viRow] = await rowsOf(vietnamese);
    expect(viRow.title).toBe(vi("notifications.checkFailed.title", { number: "PL-7" }));
    expect(viRow.title).not.toBe("PL-7 failed its pre-start check");
    expect(viRow.body).toContain("Excavator");
    expect(viRow.body).toBe(await plantText("body")("vi"));
    const [viMail] = await mailsTo(vietnamese);
    expect(viMail.subject).toBe(viRow.title);
    expect((await rowsOf(english))[0].title).toBe("PL-7 failed its pre-start check");
  });

  it("tells a member added to a Vietnamese project in Vietnamese, though the inviter's page is English", async () => {
    const project = await createProject(db.em, { language: "VI" });
    const actor = await createUser(db.em, { locale: "en" });
    const member = await createUser(db.em);
    const role = await createRole(db.em, { grantedActions: [VIEW] });
    const outcome = await inviteToProject(db.em, {
      project,
      actor,
      locale: "en",
      emails: [member.email],
      choices: { role, accRole: null, company: null },
    });
    const params = { name: member.name, inviter: actor.name, project: project.name };
    const [row] = await rowsOf(member);
    expect(row.title).toBe((await serverT("vi", "members"))("mail.addedToProject.subject", params));
    expect(row.title).not.toBe((await serverT("en", "members"))("mail.addedToProject.subject", params));
    expect(outcome.mails).toMatchObject([{ kind: "addedToProject", locale: "vi" }]);
  });

  it("leaves out the in-app row and the mail of an added member who turned member-added off", async () => {
    const project = await createProject(db.em);
    const actor = await createUser(db.em);
    const member = await createUser(db.em);
    await prefer(member, "member-added", { inApp: false, email: false });
    const role = await createRole(db.em, { grantedActions: [VIEW] });
    const outcome = await inviteToProject(db.em, {
      project,
      actor,
      locale: "en",
      emails: [member.email],
      choices: { role, accRole: null, company: null },
    });
    expect(outcome.added).toEqual([member.email]);
    expect(outcome.mails).toEqual([]);
    expect(await rowsOf(member)).toHaveLength(0);
  });
});

/** Notifications one minute apart, oldest first. */
async function seed(
  user: IUser,
  project: IProject,
  items: { title: string; module: string | null; read?: boolean }[],
) {
  const em: EntityManager = db.em;
  const start = Date.UTC(2026, 0, 5, 8, 0);
  for (const [index, item] of items.entries())
    em.create(Notification, {
      recipient: user,
      project,
      module: item.module,
      event: "test",
      title: item.title,
      body: null,
      link: null,
      readAt: item.read ? new Date(start) : null,
      createdAt: new Date(start + index * 60_000),
    });
  await em.flush();
}

const titles = (result: { data: { notifications: { title: string }[] } }) =>
  result.data.notifications.map((notification) => notification.title);

describe("the inbox", () => {
  it("lists unread first, then read, each newest first, across pages", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await signedInMember(db.em, project, [VIEW]);
    await seed(user, project, [
      { title: "old unread", module: "plant" },
      { title: "old read", module: "plant", read: true },
      { title: "new read", module: "quality", read: true },
      { title: "new unread", module: "quality" },
    ]);
    const all = await callLoader(inbox, "/notifications?view=all", { cookie });
    expect(titles(all)).toEqual(["new unread", "old unread", "new read", "old read"]);
    expect(all.data).toMatchObject({ total: 4, unread: 2 });
  });

  it("filters by module with ?module=, keeps the counts to the module, and ignores an unknown module", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await signedInMember(db.em, project, [VIEW]);
    await seed(user, project, [
      { title: "plant 1", module: "plant" },
      { title: "quality 1", module: "quality" },
      { title: "plant 2", module: "plant", read: true },
      { title: "core", module: null },
    ]);
    const plant = await callLoader(inbox, "/notifications?view=all&module=plant", { cookie });
    expect(titles(plant)).toEqual(["plant 1", "plant 2"]);
    expect(plant.data).toMatchObject({ module: "plant", unread: 1, total: 2 });
    expect(plant.data.modules.map((m: { id: string }) => m.id)).toEqual(
      expect.arrayContaining(["plant", "quality", "safety"]),
    );
    const unknown = await callLoader(inbox, "/notifications?view=all&module=nope", { cookie });
    expect(unknown.data.module).toBeNull();
    expect(titles(unknown)).toHaveLength(4);

    // Mark all as read on the filtered list marks that module's only.
    const marked = await callAction(inbox, "/notifications?module=plant", {
      cookie,
      form: { intent: "mark-all-read" },
    });
    expect(await toastText(marked)).toBe("All notifications marked as read");
    const unreadTitles = (await db.em.find(Notification, { recipient: user.id, readAt: null })).map(
      (n) => n.title,
    );
    expect(unreadTitles.sort()).toEqual(["core", "quality 1"]);
  });

  it("offers no module switched off for the project in the filter", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [VIEW]);
    const em: EntityManager = db.em;
    em.create(ProjectModule, { project, moduleId: "plant", enabled: false });
    await em.flush();
    const page = await callLoader(inbox, "/notifications?module=plant", { cookie });
    expect(page.data.module).toBeNull();
    expect(page.data.modules.map((m: { id: string }) => m.id)).not.toContain("plant");
  });
});

describe("the notification settings page", () => {
  it("shows every event with both channels on by default, and saves the user's own choices", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await signedInMember(db.em, project, [VIEW]);
    const page = await callLoader(settingsPage, SETTINGS, { cookie });
    expect(page.status).toBe(200);
    const rows = page.data.groups.flatMap((group: { events: unknown[] }) => group.events);
    expect(rows).toContainEqual({
      event: "plant-check-failed",
      label: "A pre-start check failed",
      inApp: true,
      email: true,
    });
    expect(page.data.groups.map((group: { title: string }) => group.title)).toEqual(
      expect.arrayContaining(["General", "Plant"]),
    );

    const form = {
      event: ["plant-check-failed", "plant-document-expired", "lot-submitted"],
      "email:plant-check-failed": "on",
      "inApp:plant-document-expired": "on",
      "inApp:lot-submitted": "on",
      "email:lot-submitted": "on",
    };
    const saved = await callAction(settingsPage, SETTINGS, { cookie, form });
    expect(saved.status).toBe(302);
    expect(await toastText(saved)).toBe("Notification settings updated");
    const stored = await db.em.find(NotificationPreference, { user: user.id }, { orderBy: { event: "asc" } });
    // Both on is the default: no row is kept for it.
    expect(stored.map(({ event, inApp, email }) => ({ event, inApp, email }))).toEqual([
      { event: "plant-check-failed", inApp: false, email: true },
      { event: "plant-document-expired", inApp: true, email: false },
    ]);
    const again = await callLoader(settingsPage, SETTINGS, { cookie });
    const after = again.data.groups.flatMap((group: { events: { event: string }[] }) => group.events);
    expect(after.find((row: { event: string }) => row.event === "plant-check-failed")).toMatchObject({
      inApp: false,
      email: true,
    });

    // Turning both back on removes the row.
    const back = {
      event: "plant-check-failed",
      "inApp:plant-check-failed": "on",
      "email:plant-check-failed": "on",
    };
    await callAction(settingsPage, SETTINGS, { cookie, form: back });
    expect(await db.em.count(NotificationPreference, { user: user.id, event: "plant-check-failed" })).toBe(0);
  });

  it("refuses an unknown event and changes nothing", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await signedInMember(db.em, project, [VIEW]);
    const form = { event: ["plant-check-failed", "no-such-event"] };
    const result = await callAction(settingsPage, SETTINGS, { cookie, form });
    expect(result.status).toBe(400);
    expect(await db.em.count(NotificationPreference, { user: user.id })).toBe(0);
  });

  it("links the project notification-settings pages the member may open, of the modules on", async () => {
    const project = await createProject(db.em);
    const plantViewer = await signedInMember(db.em, project, [VIEW, PLANT_SETTINGS]);
    const bare = await signedInMember(db.em, project, []);
    const links = await callLoader(settingsPage, SETTINGS, { cookie: plantViewer.cookie });
    expect(links.data.projectPages).toEqual([
      { path: "/plants-and-machinery/notification-settings", label: "Plant and machinery notifications" },
    ]);
    const none = await callLoader(settingsPage, SETTINGS, { cookie: bare.cookie });
    expect(none.status).toBe(200);
    expect(none.data.projectPages).toEqual([]);

    const em: EntityManager = db.em;
    em.create(ProjectModule, { project, moduleId: "plant", enabled: false });
    await em.flush();
    const off = await callLoader(settingsPage, SETTINGS, { cookie: plantViewer.cookie });
    expect(off.data.projectPages).toEqual([]);
    // The plant events leave the settings too while the module is off.
    const events = off.data.groups.flatMap((group: { events: { event: string }[] }) => group.events);
    expect(events.map((row: { event: string }) => row.event)).not.toContain("plant-check-failed");
  });

  it("is closed when the notifications module is off, and needs a signed-in member", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [VIEW]);
    expect((await callLoader(settingsPage, SETTINGS)).status).toBe(302);
    const em: EntityManager = db.em;
    em.create(ProjectModule, { project, moduleId: "notifications", enabled: false });
    await em.flush();
    expect((await callLoader(settingsPage, SETTINGS, { cookie })).location).toBe("/forbidden");
    expect(
      (await callAction(settingsPage, SETTINGS, { cookie, form: { event: "lot-submitted" } })).location,
    ).toBe("/forbidden");
  });
});

describe("the catalogue of notification events", () => {
  it("names each event once, gives every module's event its module, and knows each settings page's route", () => {
    const names = notificationEvents().map((entry) => entry.event);
    expect(new Set(names).size).toBe(names.length);
    expect(moduleOfEvent("lot-submitted")).toBe("quality");
    expect(moduleOfEvent("incident-raised")).toBe("safety");
    expect(moduleOfEvent("member-added")).toBeNull();
    for (const page of notificationSettingsPages()) {
      expect(registry().routes.find((route) => route.path === page.path)?.permission).toBeTruthy();
    }
    expect(notificationSettingsPages().map((page) => page.path)).toEqual(
      expect.arrayContaining(["/quality/lot/notification", "/safety/swms/notification"]),
    );
  });

  it("has an English and a Vietnamese label for every event", async () => {
    const en = await serverT("en", "notifications");
    const vi = await serverT("vi", "notifications");
    for (const entry of notificationEvents()) {
      expect(en(entry.label), entry.label).not.toBe(entry.label.split(":")[1]);
      expect(vi(entry.label), entry.label).not.toBe(en(entry.label));
    }
  });
});
