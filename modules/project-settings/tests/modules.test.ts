import { describe, expect, it } from "vitest";
import { ActivityLog, type IProject, ProjectModule } from "~/server/db/entities";
import { requestContext } from "~/server/permissions/guard.server";
import { navigationFor } from "~/server/permissions/modules.server";
import { toastText } from "~/server/settings/test-support";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, projectPageOutcome, signedInMember } from "~/tests/setup/requests";
import * as modules from "../routes/modules";

const db = setupTestDatabase();
const PAGE = "/project-settings/modules";

const memberWith = (project: IProject, grantedActions: string[]) =>
  signedInMember(db.em, project, grantedActions);

/** The navigation the member sees, as the application shell builds it. */
async function navigationPaths(cookie: string) {
  const context = await requestContext(
    new Request("http://localhost:3000/", { headers: { Cookie: cookie } }),
  );
  return navigationFor(context).map((entry) => entry.path);
}

describe("modules per project", () => {
  it("lists the modules a project can switch, with their titles and state", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ["project-settings.modules.view"]);
    const page = await callLoader(modules, PAGE, { cookie });
    expect(page.status).toBe(200);
    // Core modules (home, account, project settings) and global settings cannot be switched off.
    expect(page.data).toEqual({
      canEdit: false,
      modules: [
        { id: "safety", title: "Safety", enabled: true },
        { id: "quality", title: "Quality", enabled: true },
        { id: "operation", title: "Operation", enabled: true },
        { id: "plant", title: "Plant", enabled: true },
        { id: "dockets", title: "Dockets", enabled: true },
        { id: "cost-and-commercial", title: "Cost and Commercial", enabled: true },
        { id: "rostering", title: "Rostering", enabled: true },
        { id: "notifications", title: "Notifications", enabled: true },
      ],
    });
  });

  it("switches a module off: it leaves the navigation and its page answers /forbidden; on again restores it", async () => {
    const project = await createProject(db.em);
    const admin = await memberWith(project, [
      "project-settings.modules.view",
      "project-settings.modules.edit",
    ]);
    const reader = await memberWith(project, ["notifications.notification.view"]);
    expect(await navigationPaths(reader.cookie)).toContain("/notifications");
    expect(await projectPageOutcome("/notifications", reader.cookie)).toMatchObject({ allowed: true });

    const off = await callAction(modules, PAGE, {
      cookie: admin.cookie,
      form: { moduleId: "notifications", enabled: "false" },
    });
    expect(off.status).toBe(302);
    expect(await toastText(off)).toBe("Notifications is switched off for this project");
    const row = await db.em.findOneOrFail(ProjectModule, { project: project.id, moduleId: "notifications" });
    expect(row.enabled).toBe(false);
    expect(await db.em.findOneOrFail(ActivityLog, { entityType: "ProjectModule" })).toMatchObject({
      project: { id: project.id },
      actor: { id: admin.user.id },
      entityId: "notifications",
      action: "disabled",
      before: { enabled: true },
      after: { enabled: false },
    });
    expect(await navigationPaths(reader.cookie)).not.toContain("/notifications");
    expect(await projectPageOutcome("/notifications", reader.cookie)).toEqual({
      allowed: false,
      location: "/forbidden",
    });
    expect((await callLoader(modules, PAGE, { cookie: admin.cookie })).data.modules).toEqual([
      { id: "safety", title: "Safety", enabled: true },
      { id: "quality", title: "Quality", enabled: true },
      { id: "operation", title: "Operation", enabled: true },
      { id: "plant", title: "Plant", enabled: true },
      { id: "dockets", title: "Dockets", enabled: true },
      { id: "cost-and-commercial", title: "Cost and Commercial", enabled: true },
      { id: "rostering", title: "Rostering", enabled: true },
      { id: "notifications", title: "Notifications", enabled: false },
    ]);

    // Another project is not affected.
    const other = await createProject(db.em);
    const elsewhere = await memberWith(other, ["notifications.notification.view"]);
    expect(await navigationPaths(elsewhere.cookie)).toContain("/notifications");

    const on = await callAction(modules, PAGE, {
      cookie: admin.cookie,
      form: { moduleId: "notifications", enabled: "true" },
    });
    expect(await toastText(on)).toBe("Notifications is switched on for this project");
    expect(await navigationPaths(reader.cookie)).toContain("/notifications");
    expect(await projectPageOutcome("/notifications", reader.cookie)).toMatchObject({ allowed: true });
    expect(await db.em.count(ActivityLog, { entityType: "ProjectModule" })).toBe(2);
  });

  it("refuses the switch to a member without the edit permission, and changes nothing", async () => {
    const project = await createProject(db.em);
    const viewer = await memberWith(project, ["project-settings.modules.view"]);
    const result = await callAction(modules, PAGE, {
      cookie: viewer.cookie,
      form: { moduleId: "notifications", enabled: "false" },
    });
    expect(result.status).toBe(403);
    expect(await db.em.count(ProjectModule, {})).toBe(0);
    expect(await db.em.count(ActivityLog, {})).toBe(0);
  });

  it("refuses to switch a core module or an unknown one", async () => {
    const project = await createProject(db.em);
    const admin = await memberWith(project, [
      "project-settings.modules.view",
      "project-settings.modules.edit",
    ]);
    for (const moduleId of ["home", "project-settings", "no-such-module"]) {
      const result = await callAction(modules, PAGE, {
        cookie: admin.cookie,
        form: { moduleId, enabled: "false" },
      });
      expect(result.status).toBe(400);
      expect(result.data.error).toEqual({ moduleId: ["This module cannot be switched on or off"] });
    }
    expect(await db.em.count(ProjectModule, {})).toBe(0);
  });
});
