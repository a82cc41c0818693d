/**
 * The quality settings pages as a browser without JavaScript receives them: plain forms that post back to
 * the page, a select per event, the long mail template as a textarea, and the "who hears what" table.
 */
import { describe, expect, it } from "vitest";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { renderRouteHtml } from "~/tests/setup/render";
import { callLoader, signedInMember } from "~/tests/setup/requests";
import * as lotNotificationSettings from "../routes/lot-notification-settings";
import * as qualitySettings from "../routes/quality-settings";

const db = setupTestDatabase();

function serverHtml(
  route: { default: React.ComponentType },
  path: string,
  loaderData: Record<string, unknown>,
) {
  return renderRouteHtml({ route, path, url: path, loaderData });
}

describe("quality settings pages without JavaScript", () => {
  it("renders the lot notification form as selects that post back, and who hears what", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [
      "quality.lot.view-notification-settings",
      "quality.lot.edit-notification-settings",
    ]);
    const page = await callLoader(lotNotificationSettings, "/quality/lot/notification", { cookie });
    const html = await serverHtml(lotNotificationSettings, "/quality/lot/notification", page.data);
    expect(html).toContain("<h1");
    expect(html).toContain("Lot notifications");
    expect(html).toMatch(/<form method="post"/);
    expect(html).toMatch(/<select[^>]*name="lotSubmitted"/);
    expect(html).toContain('<option value="in-app-and-email" selected="">In the app and by e-mail</option>');
    expect(html).toContain('<input type="hidden" name="form" value="lotNotifications"/>');
    expect(html).toMatch(/<button[^>]*name="intent"[^>]*value="save"/);
    expect(html).toContain("Who hears what");
    expect(html).toMatch(
      /Lot submitted to the Project Engineer<\/th><td[^>]*>Project Engineers \(lot internal review\)/,
    );
  });

  it("renders the client's mail template as a textarea, read-only for a viewer with no save button", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, ["quality.settings.view-settings"]);
    const page = await callLoader(qualitySettings, "/quality/settings", { cookie });
    const html = await serverHtml(qualitySettings, "/quality/settings", page.data);
    expect(html).toMatch(/<textarea[^>]*name="clientEmailTemplate"[^>]*readonly=""/);
    expect(html).toContain("Dear {clientName},");
    expect(html).toMatch(/<input[^>]*name="lotPrefix"[^>]*value="LOT"/);
    expect(html).not.toMatch(/value="save"/);
    // Without the notification pages' permissions, no links to them.
    expect(html).not.toContain('href="/quality/lot/notification"');
  });

  it("links the notification pages the member may open", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [
      "quality.settings.view-settings",
      "quality.itp.view-notification-settings",
    ]);
    const page = await callLoader(qualitySettings, "/quality/settings", { cookie });
    const html = await serverHtml(qualitySettings, "/quality/settings", page.data);
    expect(html).toMatch(/<a[^>]*href="\/quality\/itp\/notification"[^>]*>ITP notifications<\/a>/);
    expect(html).not.toContain('href="/quality/lot/notification"');
  });
});
