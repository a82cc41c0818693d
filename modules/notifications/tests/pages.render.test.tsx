/**
 * The notification pages as a browser without JavaScript receives them: the settings as a plain form of
 * checkboxes that posts back, the project settings pages as links, and the inbox's module filter as a GET form.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, it } from "vitest";
import { NotificationPreference } from "~/server/db/entities";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { renderRouteHtml } from "~/tests/setup/render";
import { callLoader, signedInMember } from "~/tests/setup/requests";
import * as inbox from "../routes/notifications";
import * as settings from "../routes/settings";

const db = setupTestDatabase();
const VIEW = "notifications.notification.view";

describe("notification pages without JavaScript", () => {
  it("renders the settings as checkboxes in a form that posts back, with the project pages as links", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await signedInMember(db.em, project, [
      VIEW,
      "plant.notification.view-notification-settings",
    ]);
    const em: EntityManager = db.em;
    em.create(NotificationPreference, { user, event: "plant-check-failed", inApp: false, email: true });
    await em.flush();
    const page = await callLoader(settings, "/notifications/settings", { cookie });
    const html = await renderRouteHtml({
      route: settings,
      path: "/notifications/settings",
      url: "/notifications/settings",
      loaderData: page.data,
    });
    expect(html).toContain("Notification settings");
    expect(html).toMatch(/<form method="post"/);
    expect(html).toContain('<input type="hidden" name="event" value="plant-check-failed"/>');
    expect(html).toMatch(/<input type="checkbox" name="inApp:plant-check-failed"(?![^>]*checked)[^>]*>/);
    expect(html).toMatch(/<input type="checkbox" name="email:plant-check-failed"[^>]*checked=""/);
    expect(html).toMatch(/<input type="checkbox" name="inApp:lot-submitted"[^>]*checked=""/);
    expect(html).toContain('href="/plants-and-machinery/notification-settings"');
    expect(html).toContain("Plant and machinery notifications");
    expect(html).not.toContain('href="/quality/lot/notification"');
  });

  it("renders the inbox's module filter as a GET form that keeps the tab", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [VIEW]);
    const url = "/notifications?view=all&module=quality";
    const page = await callLoader(inbox, url, { cookie });
    const html = await renderRouteHtml({ route: inbox, path: "/notifications", url, loaderData: page.data });
    expect(html).toMatch(/<form method="get"/);
    expect(html).toContain('<input type="hidden" name="view" value="all"/>');
    expect(html).toMatch(/<option value="quality" selected="">Quality<\/option>/);
    expect(html).toContain('href="/notifications/settings"');
  });
});
