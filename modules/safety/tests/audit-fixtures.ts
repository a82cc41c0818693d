import type { EntityManager } from "@mikro-orm/postgresql";
import type { IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { readToast } from "~/server/http/toast.server";
import { cookieFrom, signedInMember } from "~/tests/setup/requests";
import { ACTION_PERMISSIONS } from "../domain/action-workflow";
import { AUDIT_PERMISSIONS } from "../domain/audit-workflow";
import { type ISafetyAuditSchedule, SafetyAuditMember, SafetyAuditSchedule } from "../entities";
import { makeLocation } from "./observation-fixtures";

/** Audit and inspection tests' people, places and records. */

const A = AUDIT_PERMISSIONS;

/**
 * A project with a lead auditor (schedules, reviews, completes), two auditors (assess), an audit manager
 * (every right: audit_edit_all), a viewer, and a site "Bridge" with two places below it.
 */
export async function auditSite(em: EntityManager, project: IProject) {
  const lead = await signedInMember(
    em,
    project,
    [
      A.view,
      A.auditCreate,
      A.inspectionCreate,
      A.inspectionEdit,
      A.criteriaCreate,
      A.assessmentCreate,
      A.assessmentApproveReject,
      A.approveAudit,
      A.viewNotificationSettings,
    ],
    { name: "Lena Lead" },
  );
  const auditor = await signedInMember(
    em,
    project,
    [A.view, A.criteriaCreate, A.assessmentCreate, ACTION_PERMISSIONS.view, ACTION_PERMISSIONS.create],
    { name: "Andy Auditor" },
  );
  const second = await signedInMember(em, project, [A.view, A.criteriaCreate, A.assessmentCreate], {
    name: "Ada Auditor",
  });
  const manager = await signedInMember(em, project, Object.values(A), { name: "Mona Manager" });
  const viewer = await signedInMember(em, project, [A.view], { name: "Vic Viewer" });
  const site = await makeLocation(em, project, "Bridge");
  const north = await makeLocation(em, project, "North abutment", site.id);
  const south = await makeLocation(em, project, "South abutment", site.id);
  return { lead, auditor, second, manager, viewer, site, north, south };
}
export type AuditSite = Awaited<ReturnType<typeof auditSite>>;

/** A schedule stored directly (register and step tests), with its auditors, and overrides. */
export async function makeSchedule(
  em: EntityManager,
  project: IProject,
  site: AuditSite,
  overrides: Record<string, unknown> & { number: string },
): Promise<ISafetyAuditSchedule> {
  const scoped = scopeToProject(em, project.id);
  const schedule = scoped.create(SafetyAuditSchedule, {
    project,
    kind: "audit",
    task: "Monthly site safety audit",
    status: "pending_assessment",
    location: site.site.id,
    leadAuditor: site.lead.user,
    createdBy: site.lead.user,
    ...overrides,
  } as never) as ISafetyAuditSchedule;
  scoped.create(SafetyAuditMember, {
    project,
    schedule,
    user: site.auditor.user,
    role: "auditor",
  } as never);
  await scoped.flush();
  return schedule;
}

/** The toast a redirect sets (its flash cookie). */
export async function toastOf(setCookie: string | null) {
  const cookie = cookieFrom(setCookie);
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast;
}
