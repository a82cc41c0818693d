import type { EntityManager } from "@mikro-orm/postgresql";
import { formatDate } from "~/app/utils/format";
import type { IProject } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import { notify, projectLocale } from "~/server/notifications/notify.server";
import { type ItpAction, itpNotificationFor } from "../domain/itp-workflow";
import type { IItp } from "../entities";
import { itpPath } from "./itp-rules";
import { notifyQualityEvent } from "./quality-notifications.server";

/** The client a review link was mailed to: told with the link itself, not the product page. */
export type LinkRecipient = { name: string; email: string; url: string; expiresAt: Date };

type ItpEventInput = {
  project: IProject;
  itp: IItp;
  action: ItpAction;
  /** The member who acted (never notified), or null for a client acting through a link. */
  actorId: string | null;
  /** The name the messages give: the member's, or the one the client typed. */
  actorName: string;
  comment?: string | null;
  linkRecipient?: LinkRecipient;
  /** A resent review link: the team already heard about the ITP going to the client. */
  onlyLinkRecipient?: boolean;
};

/**
 * Sends the spec 4 event of an ITP action to its audience through the quality notifications
 * (notifyQualityEvent: the project's /quality/itp/notification settings, in-app and mail in each reader's
 * language); a review link mailed to a client always goes, since it is how the client reviews. Runs after the
 * change has committed; actions without an event send nothing.
 */
export async function notifyItpAction(em: EntityManager, input: ItpEventInput) {
  const notification = itpNotificationFor(input.action);
  if (!notification) return null;
  const { project, itp } = input;
  const params = (locale: Locale) => ({
    number: itp.number,
    title: itp.title,
    project: project.name,
    actor: input.actorName,
    comment: input.comment ?? "",
    client: input.linkRecipient?.name ?? "",
    expires: input.linkRecipient ? formatDate(input.linkRecipient.expiresAt, locale) : "",
  });
  const members = input.onlyLinkRecipient
    ? null
    : await notifyQualityEvent(em, {
        projectId: project.id,
        event: notification.event,
        subject: { number: itp.number, title: itp.title, link: itpPath(itp.id) },
        actorId: input.actorId,
        actorName: input.actorName,
        comment: input.comment,
        people: { submitter: itp.submittedBy?.id },
        params: { client: input.linkRecipient?.name ?? "" },
        texts: `itp.notifications.${notification.event}`,
      });
  const client = input.linkRecipient;
  if (!client) return members;
  // The client needs no account: their mail carries the review link, worded for someone outside the team.
  const clientText = (key: string) => async (locale: Locale) =>
    (await serverT(locale, "quality"))(`itp.notifications.reviewLink.${key}`, params(locale));
  await notify(em, {
    projectId: project.id,
    event: notification.event,
    recipients: [{ email: client.email, name: client.name, link: client.url }],
    title: clientText("title"),
    body: clientText("body"),
    link: null,
    fallbackLocale: projectLocale(project),
  });
  return members;
}
