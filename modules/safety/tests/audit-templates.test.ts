import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { SafetyAuditAssessment, SafetyAuditCriterion } from "../entities";
import * as assessmentForm from "../routes/audit-assessment-form";
import * as criterionForm from "../routes/audit-criterion-form";
import { auditSite, makeSchedule, toastOf } from "./audit-fixtures";
import { english } from "./fixtures";

const db = setupTestDatabase();

/** A workbook with the "Criteria" sheet and these rows under the template's headers. */
async function workbook(rows: (string | null)[][], sheetName = "Criteria") {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(["Criterion *", "Requirement", "Finding *", "Comment"]);
  for (const row of rows) sheet.addRow(row);
  return new File([Buffer.from(await book.xlsx.writeBuffer()) as BlobPart], "criteria.xlsx", {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
}

const post = (file: File) => {
  const form = new FormData();
  form.append("workbook", file);
  return form;
};

describe("criteria and assessment templates (XLSX)", () => {
  it("refuses a workbook with a wrong row, naming each row, and imports nothing; and someone without the right", async () => {
    const project = await createProject(db.em);
    const site = await auditSite(db.em, project);
    // The manager leads this one and holds both template rights; the auditor holds neither.
    const audit = await makeSchedule(db.em, project, site, {
      number: "AUD-0001",
      location: site.north.id,
      leadAuditor: site.manager.user,
    });
    const path = `/safety/audit/${audit.id}/create-assessment/${site.north.id}`;
    const params = { auditId: audit.id, locationId: site.north.id };
    const bad = await callAction(assessmentForm, path, {
      cookie: site.manager.cookie,
      params,
      multipart: post(
        await workbook([
          ["Edge protection", "Guardrails over 2 m", "Compliant", null],
          [null, "No title", "Compliant", null],
          ["Housekeeping", null, "Maybe", null],
        ]),
      ),
    });
    expect(bad.status).toBe(400);
    expect(await english(bad.data.importErrors)).toEqual([
      "Row 3: Criterion is required",
      "Row 4: Finding must be Compliant, Non-compliant or Not applicable",
    ]);
    expect(await db.em.count(SafetyAuditAssessment, {}, { filters: false })).toBe(0);
    expect(await db.em.count(SafetyAuditCriterion, {}, { filters: false })).toBe(0);
    const wrongSheet = await callAction(assessmentForm, path, {
      cookie: site.manager.cookie,
      params,
      multipart: post(await workbook([["A", null, "Compliant", null]], "Sheet1")),
    });
    expect(await english(wrongSheet.data.importErrors)).toEqual([
      'The workbook has no "Criteria" sheet: start from the template.',
    ]);

    const good = post(
      await workbook([
        ["Edge protection", "Guardrails over 2 m", "non-compliant", "East edge open"],
        ["Housekeeping", null, "Compliant", null],
      ]),
    );
    const refused = await callAction(assessmentForm, path, {
      cookie: site.auditor.cookie,
      params,
      multipart: good,
    });
    expect(refused.status).toBe(403);
    expect(await db.em.count(SafetyAuditCriterion, {}, { filters: false })).toBe(0);
  });

  it("starts an assessment from the assessment template and adds criteria from the criteria template", async () => {
    const project = await createProject(db.em);
    const site = await auditSite(db.em, project);
    const audit = await makeSchedule(db.em, project, site, {
      number: "AUD-0001",
      location: site.north.id,
      leadAuditor: site.manager.user,
    });
    const params = { auditId: audit.id, locationId: site.north.id };
    // The manager leads this one and holds both template rights.
    const started = await callAction(
      assessmentForm,
      `/safety/audit/${audit.id}/create-assessment/${site.north.id}`,
      {
        cookie: site.manager.cookie,
        params,
        multipart: post(
          await workbook([
            ["Edge protection", "Guardrails over 2 m", "non-compliant", "East edge open"],
            ["Housekeeping", null, "Compliant", null],
          ]),
        ),
      },
    );
    expect(await toastOf(started.headers.get("Set-Cookie"))).toMatchObject({
      message: "safety:audit.toast.imported",
      params: { count: 2 },
    });
    const assessment = await db.em
      .fork()
      .findOneOrFail(SafetyAuditAssessment, { schedule: audit.id }, { filters: false });
    expect(assessment.status).toBe("draft");
    const more = await callAction(
      criterionForm,
      `/safety/audit/${audit.id}/create-criteria-au/${assessment.id}`,
      {
        cookie: site.manager.cookie,
        params: { auditId: audit.id, assessmentId: assessment.id },
        multipart: post(await workbook([["Stair access", null, "Not applicable", null]])),
      },
    );
    expect(more.status).toBe(302);
    const criteria = await db.em
      .fork()
      .find(
        SafetyAuditCriterion,
        { assessment: assessment.id },
        { filters: false, orderBy: { position: "asc" } },
      );
    expect(criteria.map((criterion) => [criterion.position, criterion.title, criterion.result])).toEqual([
      [1, "Edge protection", "non_compliant"],
      [2, "Housekeeping", "compliant"],
      [3, "Stair access", "not_applicable"],
    ]);
    // The template downloads and reads back.
    const template = await callLoader(
      criterionForm,
      `/safety/audit/${audit.id}/create-criteria-au/${assessment.id}?template=xlsx`,
      { cookie: site.manager.cookie, params: { auditId: audit.id, assessmentId: assessment.id } },
    );
    expect(template.status).toBe(200);
    expect(template.headers.get("Content-Type")).toContain("spreadsheetml");
  });
});
