import type { EntityManager } from "@mikro-orm/postgresql";
import type { IProject } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import { audienceMembers } from "~/server/notifications/audience.server";
import { notify, projectLocale } from "~/server/notifications/notify.server";
import { readProjectSettings } from "~/server/settings/settings.server";
import { type ISafetyAuditSchedule, SafetyAuditMember } from "../entities";

/** The auditNotifications settings form of the manifest: who hears of what. */
export type AuditNotificationSettings = {
  scheduledNotifyAssignees: boolean;
  submittedNotifyLead: boolean;
  reviewedNotifyAssessor: boolean;
  completedNotifyResponsible: boolean;
};

export const auditNotificationSettings = (em: EntityManager, projectId: string) =>
  readProjectSettings<AuditNotificationSettings>(em, projectId, "safety", "auditNotifications");

export type AuditEvent =
  | "audit-scheduled"
  | "assessment-submitted"
  | "assessment-reviewed"
  | "audit-completed";

/**
 * Tells the people the project's settings name of a schedule (its lead, auditors and PDP representatives), a
 * submitted assessment (the lead), a review (the auditors) and the completion (the responsible person), in
 * each reader's language. Runs after the change has committed; the actor is never told.
 */
export async function notifyAuditEvent(
  em: EntityManager,
  input: {
    project: IProject;
    schedule: ISafetyAuditSchedule;
    event: AuditEvent;
    /** The location of an assessment event, as "Bridge › Deck". */
    location?: string;
    link: string;
    actorId: string;
    actorName: string;
  },
) {
  const { project, schedule, event } = input;
  const settings = await auditNotificationSettings(em, project.id);
  const members = await em.find(SafetyAuditMember, { schedule: schedule.id }, { fields: ["user", "role"] });
  const auditors = members.filter((member) => member.role === "auditor").map((member) => member.user.id);
  const people: (string | null | undefined)[] = [];
  if (event === "audit-scheduled" && settings.scheduledNotifyAssignees)
    people.push(schedule.leadAuditor?.id, ...members.map((member) => member.user.id));
  if (event === "assessment-submitted" && settings.submittedNotifyLead) people.push(schedule.leadAuditor?.id);
  if (event === "assessment-reviewed" && settings.reviewedNotifyAssessor) people.push(...auditors);
  if (event === "audit-completed" && settings.completedNotifyResponsible)
    people.push(schedule.responsiblePerson?.id);
  if (people.filter(Boolean).length === 0) return null;
  const recipients = await audienceMembers(em, project, [{ people }]);
  const text = (key: string) => async (locale: Locale) =>
    (await serverT(locale, "safety"))(`audit.notifications.${event}.${key}`, {
      number: schedule.number,
      task: schedule.task,
      location: input.location ?? "",
      project: project.name,
      actor: input.actorName,
    });
  return notify(em, {
    projectId: project.id,
    event,
    recipients,
    title: text("title"),
    body: text("body"),
    link: input.link,
    actorId: input.actorId,
    fallbackLocale: projectLocale(project),
  });
}
