import type { EntityManager } from "@mikro-orm/postgresql";
import { Project } from "~/server/db/entities";
import { logError } from "~/server/http/log";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import { audienceMembers } from "~/server/notifications/audience.server";
import { type NotifyOutcome, notify, projectLocale } from "~/server/notifications/notify.server";
import type { PlantChannel, PlantEvent } from "../domain/plant-settings";
import { PLANT_PERMISSIONS } from "../domain/plant-workflow";
import { plantNotificationSettingsOf } from "./plant-settings.server";

/**
 * Who hears of a plant event (decision 038): expiring and expired documents go to the members who keep the
 * plant's records (`edit`); a failed pre-start check to those who approve plant for use and off-hire it
 * (`approve`, `close`), who decide whether it may work. The project chooses a channel per event
 * (/plants-and-machinery/notification-settings): off, in the product, or in the product and by e-mail.
 */
const AUDIENCE = {
  documentExpiring: [{ holdersOf: PLANT_PERMISSIONS.edit }],
  checkFailed: [{ holdersOf: PLANT_PERMISSIONS.approve }, { holdersOf: PLANT_PERMISSIONS.close }],
} as const;

/** The event names stored on the in-app notifications. */
export const PLANT_EVENT_NAMES = {
  documentExpiring: "plant-document-expiring",
  documentExpired: "plant-document-expired",
  checkFailed: "plant-check-failed",
} as const;

export type PlantEventInput = {
  projectId: string;
  /** The setting that decides the channel. */
  event: PlantEvent;
  /** The texts under plant:notifications.<texts>.{title,body} and the stored event name. */
  texts: keyof typeof PLANT_EVENT_NAMES;
  params: Record<string, string | number>;
  link: string;
  actorId: string | null;
};

export type PlantEventOutcome = (NotifyOutcome & { channel: PlantChannel }) | null;

/**
 * Tells the event's audience through the core's notify, on the project's channel; null when the project turned
 * it off. Call it after the change has committed; a failure is logged, never thrown (the change stands).
 */
export async function notifyPlantEvent(
  em: EntityManager,
  input: PlantEventInput,
): Promise<PlantEventOutcome> {
  try {
    const channel = (await plantNotificationSettingsOf(em, input.projectId))[input.event];
    if (channel === "off") return null;
    const project = await em.findOneOrFail(Project, { id: input.projectId });
    const recipients = await audienceMembers(em, project, AUDIENCE[input.event]);
    const params = { project: project.name, ...input.params };
    const text = (key: "title" | "body") => async (locale: Locale) =>
      (await serverT(locale, "plant"))(`notifications.${input.texts}.${key}`, params) as string;
    const outcome = await notify(em, {
      projectId: project.id,
      event: PLANT_EVENT_NAMES[input.texts],
      recipients,
      title: text("title"),
      body: text("body"),
      link: input.link,
      actorId: input.actorId,
      fallbackLocale: projectLocale(project),
      mail: channel === "in-app-and-email",
    });
    return { ...outcome, channel };
  } catch (error) {
    logError(error);
    return null;
  }
}
