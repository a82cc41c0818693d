import type { EntityManager } from "@mikro-orm/postgresql";
import type { IProject } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import { audienceMembers } from "~/server/notifications/audience.server";
import { notify, projectLocale } from "~/server/notifications/notify.server";
import type { ISafetyObservation } from "../entities";
import { observationPath } from "./observation-basics";

/**
 * Who hears of an observation, in the app and by mail, in their own language: its assignee when it is
 * assigned to them (raised or re-assigned, or re-issued to them), its raiser when the work is completed or
 * disputed. The actor is never told of their own step. No settings form yet (decision 031).
 */
export type ObservationEvent = "observation-assigned" | "observation-completed" | "observation-disputed";

export async function notifyObservationEvent(
  em: EntityManager,
  input: {
    project: IProject;
    observation: Pick<ISafetyObservation, "id" | "number" | "title"> & {
      assignee?: { id: string } | null;
      createdBy?: { id: string } | null;
    };
    event: ObservationEvent;
    actorId: string;
    actorName: string;
  },
) {
  const { project, observation, event } = input;
  const person = event === "observation-assigned" ? observation.assignee?.id : observation.createdBy?.id;
  if (!person) return null;
  const recipients = await audienceMembers(em, project, [{ people: [person] }]);
  const text = (key: string) => async (locale: Locale) =>
    (await serverT(locale, "safety"))(`observation.notifications.${event}.${key}`, {
      number: observation.number,
      title: observation.title,
      project: project.name,
      actor: input.actorName,
    });
  return notify(em, {
    projectId: project.id,
    event,
    recipients,
    title: text("title"),
    body: text("body"),
    link: observationPath(observation.id),
    actorId: input.actorId,
    fallbackLocale: projectLocale(project),
  });
}
