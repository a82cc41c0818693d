/**
 * The safety settings page as a browser without JavaScript receives it: the incident settings form, the
 * hours worked grid (every month an input of one plain form, the month picker a GET form) and the links.
 */
import { describe, expect, it } from "vitest";
import { renderRouteHtml } from "~/tests/setup/render";
import * as settingsPage from "../routes/settings";
import type { SettingsPageData } from "../server/settings-page.server";

const months = [
  "2026-11",
  "2026-10",
  "2026-09",
  "2026-08",
  "2026-07",
  "2026-06",
  "2026-05",
  "2026-04",
  "2026-03",
  "2026-02",
  "2026-01",
  "2025-12",
];

function pageData(canEdit: boolean): SettingsPageData {
  return {
    incident: {
      key: "safety.incidentSettings",
      moduleId: "safety",
      form: "incidentSettings",
      title: "Safety · Incident settings",
      fields: [
        {
          name: "autoSignOutEnabled",
          kind: "boolean",
          required: false,
          defaultValue: false,
          label: "In/Out automatic sign-out enabled",
        },
        {
          name: "autoSignOutTime",
          kind: "text",
          required: true,
          defaultValue: "18:00",
          label: "Time to sign out (HH:mm, 24-hour)",
        },
      ],
      values: { autoSignOutEnabled: true, autoSignOutTime: "17:30" },
      customised: true,
      canSave: canEdit,
      canReset: canEdit,
    },
    hours: {
      until: "2026-11",
      current: "2026-11",
      earlier: "2025-11",
      later: null,
      rows: months.map((month, index) => ({
        month,
        hours: index === 1 ? "8500" : "",
        enteredBy: index === 1 ? "Hana Harris" : null,
        updatedAt: index === 1 ? "2026-11-03T09:00:00.000Z" : null,
      })),
      total: 8500,
      canEdit,
    },
    links: [{ path: "/safety/actions/notification", label: "safety:setting.links.actionNotifications" }],
  };
}

const render = (loaderData: SettingsPageData, actionData?: unknown) =>
  renderRouteHtml({
    route: settingsPage,
    path: "/safety/setting",
    url: "/safety/setting",
    loaderData,
    actionData,
  });

describe("the safety settings page without JavaScript", () => {
  it("shows the incident settings, twelve months of hours worked in one form, and the links", async () => {
    const html = await render(pageData(true));
    expect(html).toContain("<h1");
    expect(html).toContain("Safety settings");
    expect(html).toContain("In/Out automatic sign-out enabled");
    expect(html).toContain('value="17:30"');
    expect(html).toContain("Hours worked");
    for (const [index, month] of months.entries()) {
      expect(html).toContain(`name="rows[${index}].month" value="${month}"`);
      expect(html).toContain(`name="rows[${index}].hours"`);
    }
    expect(html).toContain("November 2026");
    expect(html).toContain("December 2025");
    expect(html).toMatch(/name="rows\[1\]\.hours"[^>]*value="8500"/);
    expect(html).toContain('name="intent" value="save-hours"');
    expect(html).toContain("Hana Harris, Nov 3, 2026");
    expect(html).toContain("Save hours worked");
    // The month picker is a GET form; earlier months are a plain link; no later months past this one.
    expect(html).toMatch(/<form method="get"[^>]*>/);
    expect(html).toContain('type="month" name="until"');
    expect(html).toContain('href="/safety/setting?until=2025-11"');
    expect(html).not.toContain("Later");
    expect(html).toContain('href="/safety/actions/notification"');
    expect(html).toContain("Action notifications");
  });

  it("is read-only for a reader: no save buttons, inputs read-only", async () => {
    const html = await render(pageData(false));
    expect(html).not.toContain("Save hours worked");
    expect(html).toContain("You can see the hours worked but not change them.");
    expect(html).toMatch(/name="rows\[0\]\.hours"[^>]*readOnly=""|name="rows\[0\]\.hours"[^>]*readonly=""/);
  });

  it("brings back a refused grid with each month's message and what was typed", async () => {
    const html = await render(pageData(true), {
      formKey: "hours",
      result: {
        status: "error",
        initialValue: { rows: [{ month: "2026-11", hours: "lots" }] },
        error: { "rows[0].hours": ["Invalid number"] },
      },
    });
    expect(html).toMatch(/name="rows\[0\]\.hours"[^>]*value="lots"/);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("Invalid number");
  });
});
