import { describe, expect, it } from "vitest";
import { permitValidity } from "~/modules/safety/domain/permit-workflow";
import { sdsExpiry } from "~/modules/safety/domain/sds-workflow";
import { SWMS_STATUSES } from "~/modules/safety/domain/swms-workflow";
import {
  SafetyAction,
  SafetyActionComment,
  SafetyActionWatcher,
  SafetyAuditAssessment,
  SafetyAuditCriterion,
  SafetyAuditSchedule,
  SafetyEnforcementScan,
  SafetyIncident,
  SafetyIncidentDrugTest,
  SafetyIncidentEvent,
  SafetyIncidentFactor,
  SafetyIncidentInjuredPerson,
  SafetyIncidentVictim,
  SafetyIncidentWitness,
  SafetyObservation,
  SafetyPermit,
  SafetyPermitSignature,
  SafetySds,
  SafetySignOn,
  SafetySwms,
  SafetyTalk,
  SafetyTalkAttendee,
} from "~/modules/safety/entities";
import { ActivityLog, Attachment, ProjectMember } from "~/server/db/entities";
import { grantedKeys, projectRegion } from "~/server/permissions/grants";
import { registry } from "~/server/registry";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";

const db = setupTestDatabase();

describe("safety demo data", () => {
  it("has an audit and an inspection in each state, with assessments, criteria and a signed report when completed", async () => {
    await seedDemoData(db.em);
    const schedules = await db.em.find(
      SafetyAuditSchedule,
      {},
      { filters: false, orderBy: { number: "asc" } },
    );
    expect(schedules.map((schedule) => [schedule.number, schedule.status])).toEqual([
      ["AUD-0001", "pending_assessment"],
      ["AUD-0002", "pending_compilation"],
      ["AUD-0003", "completed"],
      ["AUD-0004", "cancelled"],
      ["INS-0001", "pending_assessment"],
      ["INS-0002", "pending_compilation"],
      ["INS-0003", "completed"],
      ["INS-0004", "cancelled"],
    ]);
    const assessments = await db.em.find(SafetyAuditAssessment, {}, { filters: false });
    expect(new Set(assessments.map((assessment) => assessment.status))).toEqual(
      new Set(["draft", "pending_approval", "pending_amendment", "approved", "rejected"]),
    );
    expect(await db.em.count(SafetyAuditCriterion, {}, { filters: false })).toBeGreaterThan(10);
    for (const schedule of schedules.filter((one) => one.status === "completed"))
      expect(
        await db.em.count(
          Attachment,
          { entityType: "safety-audit-signed-report", entityId: schedule.id },
          { filters: false },
        ),
      ).toBe(1);
  });

  it("has an action in every state with its steps logged, watchers, comments and one with evidence", async () => {
    await seedDemoData(db.em);
    const actions = await db.em.find(
      SafetyAction,
      // The incident's corrective actions are counted with the incidents.
      { $or: [{ sourceType: null }, { sourceType: { $ne: "incident" } }] },
      { filters: false, orderBy: { sequence: "asc" } },
    );
    expect(actions.map((action) => [action.number, action.status])).toEqual([
      ["ACT-0001", "open"],
      ["ACT-0002", "in_progress"],
      ["ACT-0003", "completed"],
      ["ACT-0004", "closed"],
      ["ACT-0005", "open"],
      // Raised from an observation and from a failed scan (decision 031).
      ["ACT-0006", "open"],
      ["ACT-0007", "open"],
    ]);
    const steps = await db.em.count(
      ActivityLog,
      { entityType: "safety-action", action: "status-changed" },
      { filters: false },
    );
    expect(steps).toBe(11);
    expect(await db.em.count(SafetyActionComment, {}, { filters: false })).toBe(3);
    expect(await db.em.count(SafetyActionWatcher, {}, { filters: false })).toBe(2);
    expect(
      await db.em.count(
        Attachment,
        { entityType: "safety-action", entityId: actions[0].id },
        { filters: false },
      ),
    ).toBe(1);
  });

  it("gives the site team the actions' daily work and the HSSE manager the managing of every action", async () => {
    await seedDemoData(db.em);
    const members = await db.em.find(
      ProjectMember,
      { project: { number: "NBU-2026" } },
      { populate: ["user", "role", "project"] },
    );
    const grantsOf = (who: string) => {
      const member = members.find((m) => m.user.email === `${who}@siteproof.test`)!;
      const role = member.role
        ? { fullAccess: member.role.fullAccess, grantedActions: member.role.grantedActions }
        : null;
      const keys = grantedKeys(
        registry().projectPermissionKeys,
        role,
        projectRegion(member.project.language),
      );
      return [...keys].filter((key) => key.startsWith("safety.")).sort();
    };
    expect(grantsOf("engineer")).toEqual([
      "safety.actions.close",
      "safety.actions.create",
      "safety.actions.edit",
      "safety.actions.update-status",
      "safety.actions.view",
      "safety.audits.assessment_approve_reject",
      "safety.audits.assessment_create",
      "safety.audits.assessment_template_upload",
      "safety.audits.audit_create",
      "safety.audits.criteria_create",
      "safety.audits.criteria_template_upload",
      "safety.audits.inspection_create",
      "safety.audits.inspection_edit",
      "safety.audits.safety_approve_she_audit",
      "safety.audits.view",
      "safety.enforcement.create",
      "safety.enforcement.view",
      "safety.incidents.create",
      "safety.incidents.edit",
      "safety.incidents.update-status",
      "safety.incidents.view",
      // Talks: the bridge is not an AU project, so its pre-start talks are the ptt-* keys (spec 6).
      "safety.meeting.ptt-create",
      "safety.meeting.ptt-edit",
      "safety.meeting.ptt-view",
      "safety.meeting.toolbox-talk-create",
      "safety.meeting.toolbox-talk-edit",
      "safety.meeting.toolbox-talk-view",
      "safety.observations.close",
      "safety.observations.create",
      "safety.observations.edit",
      "safety.observations.update-status",
      "safety.observations.view",
      // Permits: approving needs being the permit's issuer too (decision 034); archiving is the manager's.
      "safety.permits.approve",
      "safety.permits.close",
      "safety.permits.create",
      "safety.permits.edit",
      "safety.permits.update-status",
      "safety.permits.view",
      "safety.sds.close",
      "safety.sds.create",
      "safety.sds.edit",
      "safety.sds.update-status",
      "safety.sds.view",
      // SWMS: written and submitted by the site team; reviewed and signed off by the HSSE manager.
      "safety.swms.create",
      "safety.swms.edit",
      "safety.swms.subcontractor-view",
      "safety.swms.view",
      "safety.swms.view-notification",
    ]);
    // Every safety permission, however many the module declares (each area of the module adds its own).
    // (Those of the bridge's region: an AU project's pre-start-talk-* keys do not apply on it.)
    const safetyKeys = [...registry().projectPermissionKeys.keys()].filter(
      (key) => key.startsWith("safety.") && !key.includes("pre-start-talk"),
    );
    expect(safetyKeys.length).toBeGreaterThanOrEqual(11);
    expect(grantsOf("hsse")).toEqual(safetyKeys.sort());
    expect(grantsOf("viewer")).toEqual([
      "safety.actions.view",
      "safety.audits.view",
      "safety.enforcement.view",
      "safety.incidents.view",
      "safety.meeting.ptt-view",
      "safety.meeting.toolbox-talk-view",
      "safety.observations.view",
      "safety.permits.view",
      "safety.sds.view",
      "safety.swms.subcontractor-view",
      "safety.swms.view",
    ]);
  });

  it("has an observation in every state the table uses, and scans of ten objects with their histories", async () => {
    await seedDemoData(db.em);
    const observations = await db.em.find(
      SafetyObservation,
      {},
      { filters: false, orderBy: { sequence: "asc" }, populate: ["location"] },
    );
    expect(observations.map((o) => [o.number, o.kind, o.status])).toEqual([
      ["OBS-0001", "unsafe_condition", "open"],
      ["OBS-0002", "unsafe_act", "in_progress"],
      ["OBS-0003", "unsafe_condition", "completed"],
      ["OBS-0004", "unsafe_condition", "not_approved"],
      ["OBS-0005", "unsafe_condition", "in_dispute"],
      ["OBS-0006", "unsafe_act", "closed"],
      ["OBS-0007", "positive", "closed"],
      ["OBS-0008", "unsafe_act", "closed"],
    ]);
    expect(observations[0].location?.name).toBe("Deck");
    const fromObservation = await db.em.findOneOrFail(
      SafetyAction,
      { sourceType: "observation" },
      { filters: false },
    );
    expect(fromObservation.sourceId).toBe(observations[0].id);

    const scans = await db.em.find(
      SafetyEnforcementScan,
      {},
      { filters: false, orderBy: { sequence: "asc" } },
    );
    expect(scans.length).toBeGreaterThanOrEqual(30);
    expect(new Set(scans.map((scan) => `${scan.objectType} ${scan.objectId}`)).size).toBe(10);
    expect(scans.filter((scan) => scan.status === "FAIL")).toHaveLength(4);
    const excavator = scans.filter((scan) => scan.objectId === "PM-0042");
    expect(excavator.length).toBeGreaterThan(1);
    const fromScan = await db.em.findOneOrFail(
      SafetyAction,
      { sourceType: "enforcement" },
      { filters: false },
    );
    expect(scans.find((scan) => scan.id === fromScan.sourceId)?.status).toBe("FAIL");
  });

  it("has six incidents across every state; the closed one complete, its corrective actions raised as actions", async () => {
    await seedDemoData(db.em);
    const incidents = await db.em.find(SafetyIncident, {}, { filters: false, orderBy: { sequence: "asc" } });
    expect(incidents.map((incident) => [incident.number, incident.status, incident.locked])).toEqual([
      ["INC-0001", "RAISED", false],
      ["INC-0002", "EVALUATION_BY_SHE_PERSONNEL", false],
      ["INC-0003", "INVESTIGATION", false],
      ["INC-0004", "SIGN_OFF", false],
      ["INC-0005", "CLOSED", true],
      ["INC-0006", "INVESTIGATION", false],
    ]);
    const closed = { incident: incidents[4].id };
    const count = (entity: any, where = closed) => db.em.count(entity, where as never, { filters: false });
    expect(await count(SafetyIncidentInjuredPerson)).toBe(1);
    expect(await count(SafetyIncidentWitness)).toBe(2);
    expect(await count(SafetyIncidentDrugTest)).toBe(1);
    expect(await count(SafetyIncidentEvent)).toBe(4);
    expect(await count(SafetyIncidentFactor)).toBe(5);
    expect(await count(SafetyIncidentVictim, { incident: incidents[5].id })).toBe(1);
    const raised = await db.em.find(SafetyAction, { sourceId: incidents[4].id }, { filters: false });
    expect(raised.map((action) => action.sourceType)).toEqual(["incident", "incident"]);
    const steps = await db.em.count(
      ActivityLog,
      { entityType: "safety-incident", action: "status-changed" },
      { filters: false },
    );
    // 0 + 1 + 2 + 3 + 4 + 2 steps walked.
    expect(steps).toBe(12);
  });

  it("has a SWMS in each of the nine states, walked through the table, the uploaded ones with their files", async () => {
    await seedDemoData(db.em);
    const swms = await db.em.find(SafetySwms, {}, { filters: false, orderBy: { sequence: "asc" } });
    expect(new Set(swms.map((one) => one.status))).toEqual(new Set(SWMS_STATUSES));
    expect(swms.find((one) => one.status === "final_review")?.initialReviewer).toBeTruthy();
    const files = await db.em.count(Attachment, { entityType: "safety-swms" }, { filters: false });
    expect(files).toBe(swms.filter((one) => one.type === "product").length);
  });

  it("has a permit in each state (one active now, one expired) and sheets expired and expiring", async () => {
    await seedDemoData(db.em);
    const now = new Date();
    const permits = await db.em.find(SafetyPermit, {}, { filters: false, orderBy: { sequence: "asc" } });
    expect(
      permits.map((permit) => [
        permit.number,
        permit.status,
        permitValidity(permit.status, permit.validFrom, permit.validTo, now),
      ]),
    ).toEqual([
      ["PTW-0001", "IN_PROGRESS", "inactive"],
      ["PTW-0002", "IN_REVIEW", "inactive"],
      ["PTW-0003", "ACTIVE", "active"],
      ["PTW-0004", "ACTIVE", "expired"],
      ["PTW-0005", "CLOSED", "expired"],
      ["PTW-0006", "ARCHIVED", "expired"],
    ]);
    // Approved and closed permits are signed.
    expect(await db.em.count(SafetyPermitSignature, {}, { filters: false })).toBe(6);
    const today = now.toISOString().slice(0, 10);
    const sheets = await db.em.find(SafetySds, {}, { filters: false, orderBy: { sequence: "asc" } });
    expect(sheets.map((sds) => [sds.status, sdsExpiry(String(sds.expiryDate).slice(0, 10), today)])).toEqual([
      ["CLOSED", "current"],
      ["CLOSED", "expired"],
      ["CLOSED", "expiring"],
      ["IN_REVIEW", "current"],
      ["IN_PROGRESS", "current"],
    ]);
    expect(await db.em.count(Attachment, { entityType: "safety-sds" }, { filters: false })).toBe(5);
  });
});

describe("talk demo data", () => {
  it("has talks of both kinds with attendance on the bridge (non-AU) and the rail link (AU), some signed", async () => {
    await seedDemoData(db.em);
    const talks = await db.em.find(
      SafetyTalk,
      {},
      { filters: false, populate: ["project"], orderBy: { number: "asc" } },
    );
    const of = (language: string) =>
      talks.filter((talk) => talk.project.language === language).map((talk) => [talk.number, talk.kind]);
    expect(of("EN")).toEqual([
      ["PST-0001", "pre_start"],
      ["PST-0002", "pre_start"],
      ["TBT-0001", "toolbox"],
      ["TBT-0002", "toolbox"],
    ]);
    expect(of("AU")).toEqual([
      ["PST-0001", "pre_start"],
      ["TBT-0001", "toolbox"],
    ]);
    for (const talk of talks)
      expect(await db.em.count(SafetyTalkAttendee, { talk: talk.id }, { filters: false })).toBeGreaterThan(0);
    expect(await db.em.count(SafetySignOn, { subjectType: "talk" }, { filters: false })).toBe(7);
    // The accepted SWMS's crew signed on to it (decision 035, SWMS addendum).
    expect(await db.em.count(SafetySignOn, { subjectType: "swms" }, { filters: false })).toBeGreaterThan(0);
  });
});
