import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ActivityLog, Attachment, DocumentSend } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import {
  SafetyAction,
  SafetyAuditAssessment,
  SafetyAuditCriterion,
  SafetyAuditMember,
  SafetyAuditSchedule,
} from "../entities";
import * as actionCreate from "../routes/action-create";
import * as assessmentForm from "../routes/audit-assessment-form";
import * as auditCreate from "../routes/audit-create";
import * as criteriaDetails from "../routes/audit-criteria-details";
import * as criterionForm from "../routes/audit-criterion-form";
import * as auditRegister from "../routes/audit-register";
import * as reportFile from "../routes/audit-report-file";
import * as reportsRoute from "../routes/audit-reports";
import * as scheduleRoute from "../routes/audit-schedule";
import * as inspectionCreate from "../routes/inspection-create";
import * as inspectionRegister from "../routes/inspection-register";
import { type AuditSite, auditSite, makeSchedule, toastOf } from "./audit-fixtures";
import { english, notificationsOf } from "./fixtures";

const db = setupTestDatabase();
setupTestFileStorage("sp-audit-");

const CREATE = "/safety/audit/create-audit-schedule";
const detailPath = (id: string) => `/safety/audit/audit-schedule-details/${id}`;

const schedule = (cookie: string, fields: Record<string, string | string[]>) =>
  callAction(auditCreate, CREATE, { cookie, form: fields });

const scheduleStep = (cookie: string, id: string, action: string, extra: Record<string, string> = {}) =>
  callAction(scheduleRoute, detailPath(id), {
    cookie,
    params: { id },
    form: { intent: "transition", action, ...extra },
  });

const assess = (cookie: string, auditId: string, locationId: string, fields: Record<string, string> = {}) =>
  callAction(assessmentForm, `/safety/audit/${auditId}/create-assessment/${locationId}`, {
    cookie,
    params: { auditId, locationId },
    form: { summary: "Walked the site with the foreman", assessedOn: "2026-11-20", ...fields },
  });

const addCriterion = (
  cookie: string,
  auditId: string,
  assessmentId: string,
  fields: Record<string, string>,
  criterionId?: string,
) =>
  callAction(
    criterionForm,
    `/safety/audit/${auditId}/create-criteria-au/${assessmentId}${criterionId ? `?criterionId=${criterionId}` : ""}`,
    { cookie, params: { auditId, assessmentId }, form: fields },
  );

const assessmentStep = (
  cookie: string,
  auditId: string,
  locationId: string,
  action: string,
  extra: Record<string, string> = {},
) =>
  callAction(criteriaDetails, `/safety/audit/${auditId}/criteria-details/${locationId}`, {
    cookie,
    params: { auditId, locationId },
    form: { intent: "transition", action, ...extra },
  });

const upload = (cookie: string, id: string, file: File) => {
  const form = new FormData();
  form.append("files", file);
  return callAction(reportsRoute, `${detailPath(id)}/reports`, { cookie, params: { id }, multipart: form });
};

const pdf = (name = "signed.pdf") =>
  new File([new TextEncoder().encode("%PDF-1.4 signed") as BlobPart], name, { type: "application/pdf" });

async function assessmentAt(auditId: string, locationId: string) {
  return scopeToProject(db.em.fork(), "").findOne(
    SafetyAuditAssessment,
    { schedule: auditId, location: locationId },
    { filters: false },
  );
}

describe("scheduling an audit or an inspection", () => {
  it("refuses a bad form and writes nothing: blank task, no lead, over 100 auditors, dates, percentage", async () => {
    const project = await createProject(db.em);
    const site = await auditSite(db.em, project);
    const bad = await schedule(site.lead.cookie, {
      task: " ",
      auditorIds: Array.from({ length: 101 }, () => randomUUID()),
      estimatedStartDate: "2026-12-10",
      estimatedEndDate: "2026-12-01",
      physicalWorkPercentage: "120",
    });
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.task)).toEqual(["This field is required"]);
    expect(await english(bad.data.error.leadAuditorId)).toEqual(["This field is required"]);
    expect(await english(bad.data.error.auditorIds)).toEqual(["Maximum 100 users allowed."]);
    expect(await english(bad.data.error.physicalWorkPercentage)).toEqual([
      "Enter a whole percentage from 0 to 100",
    ]);
    // The dates are compared once the fields themselves are right.
    const backwards = await schedule(site.lead.cookie, {
      task: "Audit",
      leadAuditorId: site.lead.user.id,
      estimatedStartDate: "2026-12-10",
      estimatedEndDate: "2026-12-01",
    });
    expect(await english(backwards.data.error.estimatedEndDate)).toEqual([
      "The end cannot be before the start",
    ]);
    const notNumber = await schedule(site.lead.cookie, {
      task: "Audit",
      leadAuditorId: site.lead.user.id,
      physicalWorkPercentage: "half",
    });
    expect(await english(notNumber.data.error.physicalWorkPercentage)).toEqual(["Invalid number"]);
    const stranger = await schedule(site.lead.cookie, { task: "Audit", leadAuditorId: randomUUID() });
    expect(await english(stranger.data.error.leadAuditorId)).toEqual([
      "This choice is no longer available. Choose again.",
    ]);
    expect(await db.em.count(SafetyAuditSchedule, {}, { filters: false })).toBe(0);
    expect(await db.em.count(SafetyAuditMember, {}, { filters: false })).toBe(0);
  });

  it("schedules an audit (AUD-0001) and an inspection (INS-0001) with their people, each in its own register", async () => {
    const project = await createProject(db.em);
    const site = await auditSite(db.em, project);
    const created = await schedule(site.lead.cookie, {
      task: "Monthly site safety audit",
      zone: "Zone A",
      locationId: site.site.id,
      workPackage: "WP-12 Substructure",
      estimatedStartDate: "2026-12-01",
      estimatedEndDate: "2026-12-03",
      reportDueDate: "2026-12-10",
      tssReading: "42 mg/L",
      internalReferenceNumber: "REF-77",
      physicalWorkPercentage: "35",
      leadAuditorId: site.lead.user.id,
      responsiblePersonId: site.manager.user.id,
      auditorIds: [site.auditor.user.id, site.second.user.id],
      pdpIds: [site.viewer.user.id],
    });
    expect(created.status).toBe(302);
    expect(await toastOf(created.headers.get("Set-Cookie"))).toMatchObject({
      message: "safety:audit.toast.created.audit",
      params: { number: "AUD-0001" },
    });
    const stored = await db.em
      .fork()
      .findOneOrFail(SafetyAuditSchedule, { number: "AUD-0001" }, { filters: false });
    expect(stored).toMatchObject({ kind: "audit", physicalWorkPercentage: 35, status: "pending_assessment" });
    expect(await db.em.count(SafetyAuditMember, { schedule: stored.id }, { filters: false })).toBe(3);
    expect(
      await db.em.count(
        ActivityLog,
        { entityType: "safety-audit", entityId: stored.id, action: "created" },
        { filters: false },
      ),
    ).toBe(1);

    // The lead's auditors and PDP representative hear of it; the lead scheduled it and is not told.
    expect(await notificationsOf(db.em.fork(), site.auditor.user.id, "audit-scheduled")).toHaveLength(1);
    expect(await notificationsOf(db.em.fork(), site.viewer.user.id, "audit-scheduled")).toHaveLength(1);
    expect(await notificationsOf(db.em.fork(), site.lead.user.id, "audit-scheduled")).toHaveLength(0);
    const inspection = await callAction(inspectionCreate, "/safety/inspection/create-audit-schedule", {
      cookie: site.lead.cookie,
      form: { task: "Scaffold inspection", leadAuditorId: site.lead.user.id },
    });
    expect(await toastOf(inspection.headers.get("Set-Cookie"))).toMatchObject({
      params: { number: "INS-0001" },
    });

    const audits = await callLoader(auditRegister, "/safety/audit?view=ALL_AUDIT_SCHEDULES", {
      cookie: site.viewer.cookie,
    });
    expect(audits.data.register.rows.map((row: { number: string }) => row.number)).toEqual(["AUD-0001"]);
    const inspections = await callLoader(inspectionRegister, "/safety/inspection?view=ALL_AUDIT_SCHEDULES", {
      cookie: site.viewer.cookie,
    });
    expect(inspections.data.register.rows.map((row: { number: string }) => row.number)).toEqual(["INS-0001"]);
    // Viewing is not scheduling.
    const refused = await schedule(site.viewer.cookie, { task: "x", leadAuditorId: site.lead.user.id });
    expect(refused.location).toBe("/forbidden");
  });

  it("lists My schedules (lead, auditor, PDP, responsible, creator) apart from All, and searches and filters in SQL", async () => {
    const project = await createProject(db.em);
    const site = await auditSite(db.em, project);
    await makeSchedule(db.em, project, site, { number: "AUD-0001", internalReferenceNumber: "REF-1" });
    await makeSchedule(db.em, project, site, {
      number: "AUD-0002",
      leadAuditor: site.manager.user,
      createdBy: site.manager.user,
      status: "completed",
      task: "Crane lift audit",
    });
    const numbers = async (cookie: string, search: string) =>
      (await callLoader(auditRegister, `/safety/audit${search}`, { cookie })).data.register.rows.map(
        (row: { number: string }) => row.number,
      );
    // The auditor is on both (makeSchedule adds them); the viewer on none.
    expect(await numbers(site.auditor.cookie, "")).toEqual(["AUD-0002", "AUD-0001"]);
    expect(await numbers(site.viewer.cookie, "")).toEqual([]);
    expect(await numbers(site.lead.cookie, "?view=MY_AUDIT_SCHEDULES")).toEqual(["AUD-0001"]);
    expect(await numbers(site.viewer.cookie, "?view=ALL_AUDIT_SCHEDULES&q=ref-1")).toEqual(["AUD-0001"]);
    expect(await numbers(site.viewer.cookie, "?view=ALL_AUDIT_SCHEDULES&q=crane")).toEqual(["AUD-0002"]);
    expect(await numbers(site.viewer.cookie, "?view=ALL_AUDIT_SCHEDULES&status=completed")).toEqual([
      "AUD-0002",
    ]);
    expect(
      await numbers(site.viewer.cookie, `?view=ALL_AUDIT_SCHEDULES&lead=${site.manager.user.id}`),
    ).toEqual(["AUD-0002"]);
    expect(await numbers(site.viewer.cookie, `?view=ALL_AUDIT_SCHEDULES&location=${site.north.id}`)).toEqual(
      [],
    );
    expect(
      await numbers(site.viewer.cookie, `?view=ALL_AUDIT_SCHEDULES&location=${site.site.id}`),
    ).toHaveLength(2);
  });

  it("edits the details (edit=true) and names the internal reference's change in its toast", async () => {
    const project = await createProject(db.em);
    const site = await auditSite(db.em, project);
    const audit = await makeSchedule(db.em, project, site, { number: "AUD-0001", kind: "inspection" });
    const page = await callLoader(scheduleRoute, `${detailPath(audit.id)}?edit=true`, {
      cookie: site.lead.cookie,
      params: { id: audit.id },
    });
    expect(page.data.schedule.form.values).toMatchObject({ task: "Monthly site safety audit" });
    const base = {
      intent: "save",
      task: "Monthly site safety audit",
      locationId: site.site.id,
      leadAuditorId: site.lead.user.id,
      auditorIds: [site.auditor.user.id],
    };
    const save = (fields: Record<string, string | string[]>) =>
      callAction(scheduleRoute, detailPath(audit.id), {
        cookie: site.lead.cookie,
        params: { id: audit.id },
        form: { ...base, ...fields },
      });
    for (const [reference, message] of [
      ["REF-1", "safety:audit.toast.reference.created"],
      ["REF-2", "safety:audit.toast.reference.updated"],
      ["", "safety:audit.toast.reference.deleted"],
    ])
      expect(
        await toastOf((await save({ internalReferenceNumber: reference })).headers.get("Set-Cookie")),
      ).toMatchObject({
        message,
      });
    const t = await serverT("en", "safety");
    expect(t("safety:audit.toast.reference.created")).toBe("Internal reference created");
    // Someone who does not edit it (the auditor holds no edit) is refused; nothing written.
    const refused = await callAction(scheduleRoute, detailPath(audit.id), {
      cookie: site.auditor.cookie,
      params: { id: audit.id },
      form: { ...base, task: "Renamed" },
    });
    expect(refused.status).toBe(403);
  });
});

/** Two locations assessed by the auditor: the north one rejected, the south one approved after an amendment. */
async function assessBothLocations(site: AuditSite, auditId: string) {
  const { auditor, lead, north, south } = site;
  for (const place of [north, south]) {
    expect((await assess(auditor.cookie, auditId, place.id)).status).toBe(302);
  }
  const northAssessment = await assessmentAt(auditId, north.id);
  const southAssessment = await assessmentAt(auditId, south.id);
  if (!northAssessment || !southAssessment) throw new Error("assessments not created");
  // Submitting with no criterion is refused.
  const empty = await assessmentStep(auditor.cookie, auditId, north.id, "submit");
  expect(empty.status).toBe(409);
  expect(await english(empty.data.error[""])).toEqual([
    "Add at least one criterion before submitting the assessment.",
  ]);
  const added = await addCriterion(auditor.cookie, auditId, northAssessment.id, {
    title: "Edge protection in place",
    result: "non_compliant",
    comment: "East edge open for 6 m",
  });
  expect(await toastOf(added.headers.get("Set-Cookie"))).toMatchObject({
    message: "safety:audit.toast.criterionCreated",
  });
  await addCriterion(auditor.cookie, auditId, southAssessment.id, {
    title: "Housekeeping",
    result: "compliant",
  });
  for (const place of [north, south])
    expect((await assessmentStep(auditor.cookie, auditId, place.id, "submit")).status).toBe(302);
  // The auditor does not review; the lead does, with a reason for a rejection.
  expect((await assessmentStep(auditor.cookie, auditId, north.id, "approve")).status).toBe(403);
  const noReason = await assessmentStep(lead.cookie, auditId, north.id, "reject");
  expect(noReason.status).toBe(400);
  expect(
    (await assessmentStep(lead.cookie, auditId, north.id, "reject", { comment: "Photos missing" })).status,
  ).toBe(302);
  expect(
    (await assessmentStep(lead.cookie, auditId, south.id, "request_amendment", { comment: "Add the stair" }))
      .status,
  ).toBe(302);
  await addCriterion(auditor.cookie, auditId, southAssessment.id, {
    title: "Stair access",
    result: "compliant",
  });
  expect((await assessmentStep(auditor.cookie, auditId, south.id, "submit")).status).toBe(302);
  expect((await assessmentStep(lead.cookie, auditId, south.id, "approve")).status).toBe(302);
  return { northAssessment, southAssessment };
}

describe("assessing, reviewing and completing an audit", () => {
  it("runs the audit end to end: assess, reject and approve after amendment, reports, completion once", async () => {
    const project = await createProject(db.em);
    const site = await auditSite(db.em, project);
    const audit = await makeSchedule(db.em, project, site, { number: "AUD-0001" });
    // Not every location decided: the lead cannot compile yet.
    await assess(site.auditor.cookie, audit.id, site.site.id);
    const early = await scheduleStep(site.lead.cookie, audit.id, "compile");
    expect(early.status).toBe(409);
    await db.em.fork().nativeDelete(SafetyAuditAssessment, { schedule: audit.id }, { filters: false });

    const { northAssessment, southAssessment } = await assessBothLocations(site, audit.id);
    const statuses = async () =>
      Object.fromEntries(
        (await db.em.fork().find(SafetyAuditAssessment, { schedule: audit.id }, { filters: false })).map(
          (a) => [a.location.id, a.status],
        ),
      );
    expect(await statuses()).toEqual({ [site.north.id]: "rejected", [site.south.id]: "approved" });
    // The lead heard of each submission (three), the auditor of each review (three).
    expect(await notificationsOf(db.em.fork(), site.lead.user.id, "assessment-submitted")).toHaveLength(3);
    expect(await notificationsOf(db.em.fork(), site.auditor.user.id, "assessment-reviewed")).toHaveLength(3);
    expect(
      await db.em.count(
        ActivityLog,
        { entityType: "safety-audit-assessment", entityId: southAssessment.id, action: "status-changed" },
        { filters: false },
      ),
    ).toBe(4);
    // The site itself (the parent place) is a location of the schedule too: assess and approve it.
    await assess(site.auditor.cookie, audit.id, site.site.id);
    const parent = await assessmentAt(audit.id, site.site.id);
    await addCriterion(site.auditor.cookie, audit.id, parent?.id ?? "", {
      title: "Site gate",
      result: "compliant",
    });
    await assessmentStep(site.auditor.cookie, audit.id, site.site.id, "submit");
    await assessmentStep(site.lead.cookie, audit.id, site.site.id, "approve");

    expect((await scheduleStep(site.lead.cookie, audit.id, "compile")).status).toBe(302);
    // No signed report, no report file: the spec's message, the schedule unchanged.
    const bare = await scheduleStep(site.lead.cookie, audit.id, "complete");
    expect(bare.status).toBe(409);
    expect(await english(bare.data.error[""])).toEqual([
      "Audit schedule must have signed reports or report files to complete.",
    ]);

    // The signed report: 50 MB at most, the spec's message past it, nothing kept.
    const huge = new File([new Uint8Array(50 * 1024 * 1024 + 1) as BlobPart], "signed.pdf", {
      type: "application/pdf",
    });
    const tooLarge = await upload(site.lead.cookie, audit.id, huge);
    const toast = await toastOf(tooLarge.headers.get("Set-Cookie"));
    expect(toast).toMatchObject({ type: "error", message: "uploads:tooLarge50" });
    expect((await serverT("en", "uploads"))("uploads:tooLarge50")).toBe(
      "Please ensure that the size of your upload does not exceed 50 MB.",
    );
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);
    // Only the lead or a manager uploads it.
    expect((await upload(site.auditor.cookie, audit.id, pdf())).status).toBe(403);
    expect(
      await toastOf((await upload(site.lead.cookie, audit.id, pdf())).headers.get("Set-Cookie")),
    ).toMatchObject({
      message: "safety:audit.toast.signedUploaded",
    });
    const second = await upload(site.lead.cookie, audit.id, pdf("again.pdf"));
    const refusedSecond = await toastOf(second.headers.get("Set-Cookie"));
    expect(refusedSecond).toMatchObject({ type: "error", message: "safety:audit.errors.reportsExist" });
    expect((await serverT("en", "safety"))("safety:audit.errors.reportsExist")).toBe(
      "Signed reports or report files already exist for this audit schedule.",
    );
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(1);

    const done = await scheduleStep(site.lead.cookie, audit.id, "complete");
    expect(await toastOf(done.headers.get("Set-Cookie"))).toMatchObject({
      message: "safety:audit.toast.schedule.complete",
    });
    expect((await serverT("en", "safety"))("safety:audit.toast.schedule.complete")).toBe(
      "Audit marked as completed",
    );
    // The signed report goes to the project's document service (its local folder by default): by the lead or
    // a manager, and the Review/Report tab says how the latest send went.
    const send = (cookie: string) =>
      callAction(scheduleRoute, detailPath(audit.id), {
        cookie,
        params: { id: audit.id },
        form: { intent: "send-to-document-service" },
      });
    expect((await send(site.auditor.cookie)).status).toBe(403);
    const sentNow = await send(site.lead.cookie);
    expect(await toastOf(sentNow.headers.get("Set-Cookie"))).toMatchObject({
      type: "success",
      message: "safety:audit.toast.sentToDocumentService",
    });
    const sentTab = await callLoader(scheduleRoute, `${detailPath(audit.id)}?tab=report`, {
      cookie: site.lead.cookie,
      params: { id: audit.id },
    });
    expect(sentTab.data.schedule.reports.sent).toMatchObject({ status: "sent", fileName: "signed.pdf" });
    expect(await db.em.count(DocumentSend, { subjectId: audit.id, status: "sent" }, { filters: false })).toBe(
      1,
    );
    const again = await scheduleStep(site.lead.cookie, audit.id, "complete");
    expect(await notificationsOf(db.em.fork(), site.manager.user.id, "audit-completed")).toHaveLength(0);
    expect(again.status).toBe(409);
    expect(await english(again.data.error[""])).toEqual(["Audit schedule has already been completed."]);
    const stored = await db.em.fork().findOneOrFail(SafetyAuditSchedule, audit.id, { filters: false });
    expect(stored.status).toBe("completed");
    expect(stored.completedAt).not.toBeNull();
    // Once completed, criteria no longer change.
    const late = await addCriterion(site.auditor.cookie, audit.id, northAssessment.id, {
      title: "Late",
      result: "compliant",
    });
    expect(late.status).toBe(403);
  });

  it("completes with a generated report file alone, generated as a job", async () => {
    const project = await createProject(db.em);
    const site = await auditSite(db.em, project);
    const audit = await makeSchedule(db.em, project, site, {
      number: "AUD-0001",
      location: site.north.id,
      status: "pending_compilation",
    });
    const generated = await callAction(scheduleRoute, detailPath(audit.id), {
      cookie: site.lead.cookie,
      params: { id: audit.id },
      form: { intent: "generate" },
    });
    expect(await toastOf(generated.headers.get("Set-Cookie"))).toMatchObject({
      message: "safety:audit.report.generating",
    });
    expect((await serverT("en", "safety"))("safety:audit.report.generating")).toBe(
      "Reports are generating, please wait",
    );
    const page = await callLoader(scheduleRoute, `${detailPath(audit.id)}?tab=report`, {
      cookie: site.viewer.cookie,
      params: { id: audit.id },
    });
    expect(page.data.schedule.reports).toMatchObject({ state: "regenerate", signed: [] });
    const [file] = page.data.schedule.reports.files;
    expect(file.fileName).toBe("AUD-0001-report.pdf");
    const download = await callLoader(reportFile, `${detailPath(audit.id)}/reports/${file.id}`, {
      cookie: site.viewer.cookie,
      params: { id: audit.id, fileId: file.id },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect((await scheduleStep(site.lead.cookie, audit.id, "complete")).status).toBe(302);
  });

  it("raises an action from a criterion: it is in Safety's Actions and listed under the criterion", async () => {
    const project = await createProject(db.em);
    const site = await auditSite(db.em, project);
    const audit = await makeSchedule(db.em, project, site, { number: "AUD-0001", location: site.north.id });
    await assess(site.auditor.cookie, audit.id, site.north.id);
    const assessment = await assessmentAt(audit.id, site.north.id);
    await addCriterion(site.auditor.cookie, audit.id, assessment?.id ?? "", {
      title: "Edge protection in place",
      result: "non_compliant",
    });
    const criterion = await db.em
      .fork()
      .findOneOrFail(SafetyAuditCriterion, { title: "Edge protection in place" }, { filters: false });
    const form = await callLoader(
      actionCreate,
      `/safety/actions/create?sourceType=audit-criterion&sourceId=${criterion.id}`,
      { cookie: site.auditor.cookie },
    );
    expect(form.data.source).toMatchObject({ label: "AUD-0001 North abutment: Edge protection in place" });
    const raised = new FormData();
    for (const [name, value] of Object.entries({
      title: "Close the east edge",
      riskRanking: "high",
      assigneeId: site.auditor.user.id,
      sourceType: "audit-criterion",
      sourceId: criterion.id,
    }))
      raised.append(name, value);
    const created = await callAction(actionCreate, "/safety/actions/create", {
      cookie: site.auditor.cookie,
      multipart: raised,
    });
    expect(created.status).toBe(302);
    const action = await db.em
      .fork()
      .findOneOrFail(SafetyAction, { sourceId: criterion.id }, { filters: false });
    expect(action.sourceType).toBe("audit-criterion");
    const page = await callLoader(
      criteriaDetails,
      `/safety/audit/${audit.id}/criteria-details/${site.north.id}`,
      {
        cookie: site.viewer.cookie,
        params: { auditId: audit.id, locationId: site.north.id },
      },
    );
    expect(page.data.details.criteria[0].actions.map((a: { number: string }) => a.number)).toEqual([
      action.number,
    ]);
    // A criterion with an action stays.
    const removal = await callAction(
      criteriaDetails,
      `/safety/audit/${audit.id}/criteria-details/${site.north.id}`,
      {
        cookie: site.auditor.cookie,
        params: { auditId: audit.id, locationId: site.north.id },
        form: { intent: "criterion-delete", criterionId: criterion.id },
      },
    );
    expect(removal.status).toBe(409);
    // A location that is not the schedule's is a 404.
    const outside = await callLoader(
      criteriaDetails,
      `/safety/audit/${audit.id}/criteria-details/${site.south.id}`,
      {
        cookie: site.viewer.cookie,
        params: { auditId: audit.id, locationId: site.south.id },
      },
    );
    expect(outside.status).toBe(404);
  });
});
