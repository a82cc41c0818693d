import type { EntityManager } from "@mikro-orm/postgresql";
import { Project, User } from "~/server/db/entities";
import { logError } from "~/server/http/log";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import { type Audience, audienceMembers } from "~/server/notifications/audience.server";
import { type NotifyOutcome, notify, projectLocale } from "~/server/notifications/notify.server";
import type { PermissionKey } from "~/server/permissions/keys";
import { readProjectSettings } from "~/server/settings/settings.server";
import {
  channelOf,
  type NotificationChannel,
  QUALITY_EVENTS,
  type QualityAudience,
  type QualityEvent,
  type QualityParty,
} from "../domain/quality-notifications";

export type { QualityEvent, QualityParty } from "../domain/quality-notifications";

export type QualityEventInput = {
  projectId: string;
  /** The event (domain/quality-notifications QUALITY_EVENTS): its audience and its setting. */
  event: QualityEvent;
  /** The record the event is about: its number and title as the messages give them, and its page. */
  subject: { number: string; title?: string | null; link: string };
  /** The member who acted, never told of their own step; null for someone outside the team (a client by link). */
  actorId: string | null;
  /** The name the messages give the actor; by default the member's name. A client gives the name they typed. */
  actorName?: string;
  /** The reason of a rejection, a return or a comment given with a release. */
  comment?: string | null;
  /** The people named on the record, for the event's party audiences (the NCR's raiser, the defect's assignee). */
  people?: Partial<Record<QualityParty, string | null | undefined>>;
  /** More message parameters, e.g. a hold point's { itp, position, activity, lot }. */
  params?: Record<string, string | number>;
  /** Where the event's texts are (`<texts>.title`, `<texts>.body` in the quality namespace); by default `notifications.<event>`. */
  texts?: string;
};

export type QualityEventOutcome = (NotifyOutcome & { channel: NotificationChannel }) | null;

/** The channel a project has chosen for an event (off, in-app, in-app and e-mail). */
export async function qualityEventChannel(
  em: EntityManager,
  projectId: string,
  event: QualityEvent,
): Promise<NotificationChannel> {
  const settings = await readProjectSettings(em, projectId, "quality", QUALITY_EVENTS[event].form);
  return channelOf(event, settings);
}

function audienceOf(audience: QualityAudience, people: QualityEventInput["people"]): Audience {
  return "holdersOf" in audience
    ? { holdersOf: audience.holdersOf as PermissionKey }
    : { people: [people?.[audience.party]] };
}

/**
 * Tells the people of a quality event, the one way every quality workflow does it: reads the project's
 * notification settings (/quality/lot/notification, /quality/itp/notification), resolves the event's audience
 * (the members holding the next step's permission, the people named on the record) with the core's audience
 * rules, and calls the core's notify: in-app rows, and mails unless the project chose in-app only. The actor is
 * never told. Call it after the change has committed; a failure is logged, never thrown (the change stands).
 * Returns null when the project turned the event off.
 */
export async function notifyQualityEvent(
  em: EntityManager,
  input: QualityEventInput,
): Promise<QualityEventOutcome> {
  try {
    const channel = await qualityEventChannel(em, input.projectId, input.event);
    if (channel === "off") return null;
    const project = await em.findOneOrFail(Project, { id: input.projectId });
    const recipients = await audienceMembers(
      em,
      project,
      QUALITY_EVENTS[input.event].to.map((audience) => audienceOf(audience, input.people)),
    );
    const actorName =
      input.actorName ?? (input.actorId ? ((await em.findOne(User, { id: input.actorId }))?.name ?? "") : "");
    const params = {
      number: input.subject.number,
      title: input.subject.title ?? "",
      project: project.name,
      actor: actorName,
      comment: input.comment ?? "",
      ...input.params,
    };
    const textsOf = input.texts ?? `notifications.${input.event}`;
    const text = (key: "title" | "body") => async (locale: Locale) =>
      (await serverT(locale, "quality"))(`${textsOf}.${key}`, params) as string;
    const outcome = await notify(em, {
      projectId: project.id,
      event: input.event,
      recipients,
      title: text("title"),
      body: text("body"),
      link: input.subject.link,
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
