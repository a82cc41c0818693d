/**
 * The audit pages as a browser without JavaScript receives them: the register's tabs, search and filters are
 * links and a GET form, every step is a plain form (a reason step opens in place), the signed report a
 * multipart post, and a refused completion comes back in the page with the spec's words.
 */
import { describe, expect, it } from "vitest";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { renderRouteHtml } from "~/tests/setup/render";
import { callAction, callLoader } from "~/tests/setup/requests";
import { SafetyAuditAssessment, SafetyAuditCriterion, SafetyAuditSchedule } from "../entities";
import * as criteriaDetails from "../routes/audit-criteria-details";
import * as auditRegister from "../routes/audit-register";
import * as scheduleRoute from "../routes/audit-schedule";
import { auditSite, makeSchedule } from "./audit-fixtures";

const db = setupTestDatabase();

describe("audit pages without JavaScript", () => {
  it("serves the register, the schedule's tabs, the review steps and a refused completion as plain HTML", async () => {
    const project = await createProject(db.em);
    const site = await auditSite(db.em, project);
    const audit = await makeSchedule(db.em, project, site, { number: "AUD-0001", location: site.north.id });
    const em = db.em.fork();
    const assessment = em.create(SafetyAuditAssessment, {
      project: project.id,
      schedule: audit.id,
      location: site.north.id,
      status: "pending_approval",
    } as never) as { id: string };
    em.create(SafetyAuditCriterion, {
      project: project.id,
      assessment,
      position: 1,
      title: "Edge protection in place",
      result: "non_compliant",
    } as never);
    await em.flush();

    const registerUrl = "/safety/audit?view=ALL_AUDIT_SCHEDULES";
    const register = await renderRouteHtml({
      route: auditRegister,
      path: "/safety/audit",
      url: registerUrl,
      loaderData: (await callLoader(auditRegister, registerUrl, { cookie: site.lead.cookie })).data,
    });
    expect(register).toContain("My schedules");
    expect(register).toContain(`href="/safety/audit/audit-schedule-details/${audit.id}"`);
    expect(register).toMatch(/<form[^>]*method="get"/);

    const detailUrl = `/safety/audit/audit-schedule-details/${audit.id}?tab=report`;
    const detail = await renderRouteHtml({
      route: scheduleRoute,
      path: "/safety/audit/audit-schedule-details/:id",
      url: detailUrl,
      loaderData: (
        await callLoader(scheduleRoute, detailUrl, { cookie: site.lead.cookie, params: { id: audit.id } })
      ).data,
    });
    expect(detail).toContain("Review/Report");
    expect(detail).toMatch(/<form[^>]*action="[^"]*\/reports"[^>]*enctype="multipart\/form-data"/i);
    expect(detail).toContain('name="intent" value="generate"');

    const criteriaUrl = `/safety/audit/${audit.id}/criteria-details/${site.north.id}`;
    const criteria = await renderRouteHtml({
      route: criteriaDetails,
      path: "/safety/audit/:auditId/criteria-details/:locationId",
      url: criteriaUrl,
      loaderData: (
        await callLoader(criteriaDetails, criteriaUrl, {
          cookie: site.lead.cookie,
          params: { auditId: audit.id, locationId: site.north.id },
        })
      ).data,
    });
    expect(criteria).toContain("Edge protection in place");
    expect(criteria).toContain('name="action" value="approve"');
    expect(criteria).toMatch(/<details[^>]*><summary[^>]*>Reject<\/summary>/);

    // A completion refused: the reply comes back in the page, in the spec's words.
    await db.em.fork().nativeUpdate(
      SafetyAuditSchedule,
      { id: audit.id },
      { status: "pending_compilation" },
      {
        filters: false,
      },
    );
    const refused = await callAction(scheduleRoute, `/safety/audit/audit-schedule-details/${audit.id}`, {
      cookie: site.lead.cookie,
      params: { id: audit.id },
      form: { intent: "transition", action: "complete" },
    });
    const page = await renderRouteHtml({
      route: scheduleRoute,
      path: "/safety/audit/audit-schedule-details/:id",
      url: `/safety/audit/audit-schedule-details/${audit.id}`,
      loaderData: (
        await callLoader(scheduleRoute, `/safety/audit/audit-schedule-details/${audit.id}`, {
          cookie: site.lead.cookie,
          params: { id: audit.id },
        })
      ).data,
      actionData: refused.data,
    });
    expect(page).toContain("Audit schedule must have signed reports or report files to complete.");
  });
});
