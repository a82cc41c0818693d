/**
 * The incident pages as a browser without JavaScript receives them, from real loader data: the register's
 * filters are a GET form, and every step of the incident form, each step button, lock and re-assign is a
 * plain post form, so the route tests' posts are what such a browser sends.
 */
import { describe, expect, it } from "vitest";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { renderRouteHtml } from "~/tests/setup/render";
import { callAction, callLoader } from "~/tests/setup/requests";
import * as edit from "../routes/incident-edit";
import * as raise from "../routes/incident-raise";
import * as register from "../routes/incident-register";
import * as view from "../routes/incident-view";
import { incidentSite, wallTime } from "./incident-fixtures";

const db = setupTestDatabase();

const postForms = (html: string) =>
  (html.match(/<form[^>]*>/g) ?? []).filter((form) => form.includes('method="post"'));

describe("incident pages without JavaScript", () => {
  it("the register, the raise form, each edit step and the view page's steps are plain forms", async () => {
    const project = await createProject(db.em);
    const { reporter, manager } = await incidentSite(db.em, project);
    const raisePage = await callLoader(raise, "/safety/ims/raise-incident", { cookie: reporter.cookie });
    const raiseHtml = await renderRouteHtml({
      route: raise,
      path: "/safety/ims/raise-incident",
      url: "/safety/ims/raise-incident",
      loaderData: raisePage.data,
    });
    expect(raiseHtml).toContain("Raise an incident");
    expect(raiseHtml).toContain("Hour (0-23)");
    expect(postForms(raiseHtml)).toHaveLength(1);

    const raised = await callAction(raise, "/safety/ims/raise-incident", {
      cookie: reporter.cookie,
      form: {
        intent: "save",
        title: "Worker struck by swinging load",
        ...wallTime(new Date(Date.now() - 3_600_000), "UTC"),
        impactAreas: "People",
        shePersonId: manager.user.id,
      },
    });
    const id = /\/edit\/([0-9a-f-]+)/.exec(raised.location ?? "")![1];

    for (const step of ["basic", "forms", "injury", "investigation"]) {
      const url = `/safety/ims/edit/${id}?step=${step}`;
      const page = await callLoader(edit, url, { cookie: manager.cookie, params: { id } });
      if (step === "investigation") {
        // Investigating starts once the incident is submitted: not yet open while it is RAISED.
        expect(page.status).toBe(403);
        continue;
      }
      const html = await renderRouteHtml({
        route: edit,
        path: "/safety/ims/edit/:id",
        url,
        loaderData: page.data,
      });
      expect(postForms(html).length, step).toBeGreaterThan(0);
      expect(html).toContain('name="intent"');
    }

    const viewUrl = `/safety/ims/view/${id}`;
    const page = await callLoader(view, viewUrl, { cookie: manager.cookie, params: { id } });
    const html = await renderRouteHtml({
      route: view,
      path: "/safety/ims/view/:id",
      url: viewUrl,
      loaderData: page.data,
    });
    expect(html).toContain("INC-0001 Worker struck by swinging load");
    // Submit incident (the manager is a party), lock, re-assign.
    expect(html).toContain('value="submit_incident"');
    expect(html).toContain('value="lock"');
    expect(html).toContain('value="reassign"');
    for (const form of postForms(html)) expect(form).toContain(`action="${viewUrl}"`);

    const list = await callLoader(register, "/safety/ims?view=ALL_INCIDENTS", { cookie: reporter.cookie });
    const listHtml = await renderRouteHtml({
      route: register,
      path: "/safety/ims",
      url: "/safety/ims?view=ALL_INCIDENTS",
      loaderData: list.data,
    });
    expect(listHtml).toContain("All Incidents");
    expect(listHtml).toContain("INC-0001");
    expect(listHtml).toMatch(/<form[^>]*method="get"/);
  });
});
