import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, it } from "vitest";
import { Notification, NotificationPreference, OutboxMail } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { notificationEvents } from "~/server/notifications/catalogue";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { signedInMember } from "~/tests/setup/requests";
import { PLANT_PERMISSIONS } from "../domain/plant-workflow";
import { notifyPlantEvent, PLANT_EVENT_NAMES } from "../server/plant-notifications.server";

const db = setupTestDatabase();

const failedCheck = (projectId: string) =>
  notifyPlantEvent(db.em, {
    projectId,
    event: "checkFailed",
    texts: "checkFailed",
    params: { number: "PL-9", plant: "Roller", day: "2026-01-05", operator: "Olga", items: "Horn" },
    link: "/plants-and-machinery/register",
    actorId: null,
  });

describe("plant events in the notifications centre", () => {
  it("declares every event it sends in its manifest, so users can choose and the inbox can filter", () => {
    const declared = notificationEvents().filter((entry) => entry.moduleId === "plant");
    expect(declared.map((entry) => entry.event).sort()).toEqual(Object.values(PLANT_EVENT_NAMES).sort());
  });

  it("honours each approver's own settings and language on a failed pre-start check", async () => {
    const project = await createProject(db.em);
    const approver = (overrides = {}) =>
      signedInMember(db.em, project, [PLANT_PERMISSIONS.approve], overrides);
    const vietnamese = await approver({ locale: "vi" });
    const noInApp = await approver();
    const em: EntityManager = db.em;
    em.create(NotificationPreference, {
      user: noInApp.user,
      event: "plant-check-failed",
      inApp: false,
      email: true,
    });
    await em.flush();

    const outcome = await failedCheck(project.id);
    expect(outcome).toMatchObject({ notified: 1, mailed: 2 });
    const rows = await db.em.find(Notification, { project: project.id }, { populate: ["recipient"] });
    expect(rows.map((row) => [row.recipient.id, row.module])).toEqual([[vietnamese.user.id, "plant"]]);
    expect(rows[0].title).toBe(
      (await serverT("vi", "plant"))("notifications.checkFailed.title", { number: "PL-9" }),
    );
    expect(await db.em.count(OutboxMail, { to: noInApp.user.email.toLowerCase() })).toBe(1);
  });
});
