import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, it } from "vitest";
import { demoRoles } from "~/prisma-seed/demo-roles";
import { type IProject, type IUser, Notification, ProjectModule, ProjectSetting } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { registry } from "~/server/registry";
import { toastText } from "~/server/settings/test-support";
import { addMember, createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import * as inbox from "../routes/notifications";

const db = setupTestDatabase();
const PAGE = "/notifications";
const VIEW = "notifications.notification.view";

const memberWith = (project: IProject, grantedActions: string[]) =>
  signedInMember(db.em, project, grantedActions);

/** Notifications one minute apart, the first one oldest. */
async function notify(
  recipient: IUser,
  project: IProject,
  items: { title: string; read?: boolean; link?: string | null; body?: string }[],
) {
  const em: EntityManager = db.em;
  const start = Date.UTC(2026, 0, 5, 8, 0);
  const created = items.map((item, index) =>
    em.create(Notification, {
      recipient,
      project,
      event: "test",
      title: item.title,
      body: item.body ?? null,
      link: item.link ?? null,
      readAt: item.read ? new Date(start) : null,
      createdAt: new Date(start + index * 60_000),
    }),
  );
  await em.flush();
  return created;
}

const titles = (result: { data: { notifications: { title: string }[] } }) =>
  result.data.notifications.map((notification) => notification.title);

describe("notifications page", () => {
  it("lists the user's unread notifications in this project, newest first; All shows the read ones too", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { user, cookie } = await memberWith(project, [VIEW]);
    const colleague = await createUser(db.em);
    await addMember(db.em, { project: other, user });
    await notify(user, project, [
      { title: "Lot 12 released", link: "/quality/lot/12", body: "Hold point HP-3 released" },
      { title: "ITP approved", read: true },
      { title: "Site diary due", link: "https://evil.example/phish" },
    ]);
    await notify(colleague, project, [{ title: "Someone else's" }]);
    await notify(user, other, [{ title: "Other project" }]);

    const unread = await callLoader(inbox, PAGE, { cookie });
    expect(unread.status).toBe(200);
    expect(unread.data).toMatchObject({ view: "unread", unread: 2, total: 2, hasAny: true });
    expect(titles(unread)).toEqual(["Site diary due", "Lot 12 released"]);
    // Only links into the product are offered.
    expect(unread.data.notifications.map((n: { link: string | null }) => n.link)).toEqual([
      null,
      "/quality/lot/12",
    ]);

    const all = await callLoader(inbox, `${PAGE}?view=all`, { cookie });
    // Unread first, then read, each newest first.
    expect(titles(all)).toEqual(["Site diary due", "Lot 12 released", "ITP approved"]);
    expect(all.data.notifications[2]).toMatchObject({ read: true });
  });

  it("marks one notification as read, and all of them", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(project, [VIEW]);
    const [first, second] = await notify(user, project, [
      { title: "First" },
      { title: "Second" },
      { title: "Third" },
    ]);
    const elsewhere = await createProject(db.em);
    await addMember(db.em, { project: elsewhere, user });
    const [otherProject] = await notify(user, elsewhere, [{ title: "Other project" }]);

    const one = await callAction(inbox, `${PAGE}?view=all`, {
      cookie,
      form: { intent: "mark-read", id: first.id },
    });
    expect(one.status).toBe(302);
    expect(one.location).toBe(`${PAGE}?view=all`);
    expect((await db.em.findOneOrFail(Notification, { id: first.id })).readAt).toBeInstanceOf(Date);
    expect((await db.em.findOneOrFail(Notification, { id: second.id })).readAt).toBeNull();

    const all = await callAction(inbox, PAGE, { cookie, form: { intent: "mark-all-read" } });
    expect(await toastText(all)).toBe("All notifications marked as read");
    const page = await callLoader(inbox, PAGE, { cookie });
    expect(page.data).toMatchObject({ unread: 0, total: 0, hasAny: true, notifications: [] });
    // Marking all is for this project only.
    expect((await db.em.findOneOrFail(Notification, { id: otherProject.id })).readAt).toBeNull();
  });

  it("never shows nor changes another user's notifications", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, [VIEW]);
    const colleague = await memberWith(project, [VIEW]);
    const [theirs] = await notify(colleague.user, project, [{ title: "Theirs" }]);

    const page = await callLoader(inbox, `${PAGE}?view=all`, { cookie });
    expect(page.data).toMatchObject({ hasAny: false, notifications: [] });
    const attempt = await callAction(inbox, PAGE, { cookie, form: { intent: "mark-read", id: theirs.id } });
    expect(attempt.status).toBe(404);
    await callAction(inbox, PAGE, { cookie, form: { intent: "mark-all-read" } });
    expect((await db.em.findOneOrFail(Notification, { id: theirs.id })).readAt).toBeNull();
  });

  it("pages the list and opens on the list the project's settings choose", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(project, [VIEW]);
    await notify(
      user,
      project,
      Array.from({ length: 7 }, (_, i) => ({ title: `N${i}`, read: i === 0 })),
    );
    const em: EntityManager = db.em;
    em.create(ProjectSetting, {
      project,
      moduleId: "notifications",
      form: "general",
      values: { defaultView: "all", pageSize: 5 },
    });
    await em.flush();

    const first = await callLoader(inbox, PAGE, { cookie });
    expect(first.data).toMatchObject({ view: "all", defaultView: "all", pageSize: 5, total: 7, page: 1 });
    expect(titles(first)).toEqual(["N6", "N5", "N4", "N3", "N2"]);
    const second = await callLoader(inbox, `${PAGE}?page=2`, { cookie });
    expect(titles(second)).toEqual(["N1", "N0"]);
    // A page past the end shows the last one.
    expect((await callLoader(inbox, `${PAGE}?page=9`, { cookie })).data.page).toBe(2);
  });

  it("is open to every member with no grant (the demo client and Project Engineer), closed when the module is off", async () => {
    const project = await createProject(db.em);
    const roles = demoRoles(registry().permissionKeys.keys());
    // Reading one's own notifications never needs a role grant: these roles name no notifications key.
    for (const name of ["Client Representative", "Project Engineer"] as const) {
      expect(roles[name].grantedActions).not.toContain(VIEW);
      const { user, cookie } = await memberWith(project, roles[name].grantedActions);
      await notify(user, project, [{ title: `For the ${name}` }]);
      const page = await callLoader(inbox, PAGE, { cookie });
      expect(page.status).toBe(200);
      expect(titles(page)).toEqual([`For the ${name}`]);
    }
    const bare = await memberWith(project, []);
    expect((await callLoader(inbox, PAGE, { cookie: bare.cookie })).status).toBe(200);

    const { cookie } = await memberWith(project, [VIEW]);
    expect((await callLoader(inbox, PAGE, { cookie })).status).toBe(200);
    const em: EntityManager = db.em;
    em.create(ProjectModule, { project, moduleId: "notifications", enabled: false });
    await em.flush();
    expect((await callLoader(inbox, PAGE, { cookie })).location).toBe("/forbidden");
    expect((await callAction(inbox, PAGE, { cookie, form: { intent: "mark-all-read" } })).location).toBe(
      "/forbidden",
    );
  });

  it("declares its view as always granted: no role can take one's inbox away", () => {
    expect(registry().permissionKeys.get(VIEW)?.status).toBe("always_true");
  });

  it("shows the empty state's texts", async () => {
    const t = await serverT("en", "notifications");
    expect(t("empty")).toBe("You don't have any notifications yet");
    expect(t("markRead")).toBe("Mark as read");
    expect(t("markAllRead")).toBe("Mark all as read");
  });
});
