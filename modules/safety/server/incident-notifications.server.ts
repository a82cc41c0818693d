import type { EntityManager } from "@mikro-orm/postgresql";
import type { IProject } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import { type Audience, audienceMembers } from "~/server/notifications/audience.server";
import { notify, projectLocale } from "~/server/notifications/notify.server";
import { readProjectSettings } from "~/server/settings/settings.server";
import type { ISafetyIncident } from "../entities";
import { incidentViewPath } from "./incident-basics";

/** The incidentNotifications settings form of the manifest: who hears of what. */
export type IncidentNotificationSettings = {
  raisedNotifyShe: boolean;
  raisedNotifyManagers: boolean;
  reassignedNotifyShe: boolean;
  stepNotifyReporter: boolean;
  stepNotifyShe: boolean;
  closedNotifyReporter: boolean;
  correctiveActionNotifyResponsible: boolean;
};

export const INCIDENT_NOTIFICATION_FORM = { moduleId: "safety", form: "incidentNotifications" } as const;

export const incidentNotificationSettings = (em: EntityManager, projectId: string) =>
  readProjectSettings<IncidentNotificationSettings>(
    em,
    projectId,
    INCIDENT_NOTIFICATION_FORM.moduleId,
    INCIDENT_NOTIFICATION_FORM.form,
  );

export type IncidentEvent = "incident-raised" | "incident-reassigned" | "incident-step" | "incident-closed";

/**
 * Tells the people the project's settings name of an incident raised (its SHE person, the managers),
 * re-assigned (the new SHE person), moved on (its reporter and SHE person) or closed (its reporter), in each
 * reader's language, after the change has committed. The actor is never told of their own step.
 */
export async function notifyIncidentEvent(
  em: EntityManager,
  input: {
    project: IProject;
    incident: ISafetyIncident;
    event: IncidentEvent;
    actorId: string;
    actorName: string;
    /** The step's state, for "incident-step". */
    status?: string;
  },
) {
  const { project, incident, event } = input;
  await em.populate(incident, ["reporter", "shePerson"]);
  const settings = await incidentNotificationSettings(em, project.id);
  const audience: Audience[] = [];
  const people: (string | null | undefined)[] = [];
  if (event === "incident-raised") {
    if (settings.raisedNotifyShe) people.push(incident.shePerson?.id);
    if (settings.raisedNotifyManagers) audience.push({ holdersOf: "safety.incidents.reassign-incident" });
  } else if (event === "incident-reassigned") {
    if (settings.reassignedNotifyShe) people.push(incident.shePerson?.id);
  } else if (event === "incident-step") {
    if (settings.stepNotifyReporter) people.push(incident.reporter?.id);
    if (settings.stepNotifyShe) people.push(incident.shePerson?.id);
  } else if (settings.closedNotifyReporter) people.push(incident.reporter?.id);
  if (people.some(Boolean)) audience.push({ people });
  if (audience.length === 0) return null;
  const recipients = await audienceMembers(em, project, audience);
  const text = (key: string) => async (locale: Locale) => {
    const t = await serverT(locale, "safety");
    return t(`incident.notifications.${event}.${key}`, {
      number: incident.number,
      title: incident.title,
      project: project.name,
      actor: input.actorName,
      status: t(`incident.status.${input.status ?? incident.status}`),
    });
  };
  return notify(em, {
    projectId: project.id,
    event,
    recipients,
    title: text("title"),
    body: text("body"),
    link: incidentViewPath(incident.id),
    actorId: input.actorId,
    fallbackLocale: projectLocale(project),
  });
}
