import type { EntityManager } from "@mikro-orm/postgresql";
import { sendMail } from "~/plugins/mail/mail.server";
import {
  type IProject,
  type IUser,
  Notification,
  NotificationPreference,
  ProjectMember,
} from "~/server/db/entities";
import { env } from "~/server/env";
import { logError } from "~/server/http/log";
import { isLocale, type Locale, resolveLocale } from "~/server/i18n/locale";
import { memberGrantedKeys } from "~/server/permissions/granted-keys.server";
import type { PermissionKey } from "~/server/permissions/keys";
import { moduleOfEvent } from "./catalogue";

/** Someone outside the product (a client reviewer reached by e-mail): mail only, no in-app row. */
export type MailRecipient = {
  email: string;
  name?: string | null;
  locale?: Locale;
  /** A link of their own (e.g. a review link with its token) instead of the event's link. */
  link?: string;
};

export type NotificationRecipient = IUser | MailRecipient;

/** A text in the reader's language. */
export type LocalizedText = string | ((locale: Locale) => string | Promise<string>);

export type NotifyInput = {
  projectId: string | null;
  /**
   * The event name stored on the in-app notification, e.g. "itp-submitted": one its module declares in its
   * manifest (notifications.events), which gives the row its module and lets each user turn it off.
   */
  event: string;
  recipients: readonly NotificationRecipient[];
  title: LocalizedText;
  body: LocalizedText | null;
  /** A path inside the product ("/quality/itp/…"); mails carry it as a full address. */
  link: string | null;
  /** Whoever caused the event: never told about their own action. */
  actorId?: string | null;
  /** The language for readers who chose none (usually the project's). */
  fallbackLocale?: Locale;
  /** false: in-app notifications only, no mail (a project's settings may say so); outside recipients get none. */
  mail?: boolean;
};

export type NotifyOutcome = { notified: number; mailed: number; mailFailed: number };

const isUser = (recipient: NotificationRecipient): recipient is IUser => "id" in recipient;

const absolute = (link: string) => (/^https?:\/\//.test(link) ? link : `${env().APP_URL}${link}`);

const render = async (text: LocalizedText, locale: Locale) =>
  typeof text === "string" ? text : await text(locale);

/**
 * Tells people about an event: an in-app notification for each product user, and an e-mail for everyone
 * (users and outside recipients), once per address, never to the actor. Call it after the change has
 * committed: mail may be a network call, and a failed mail is logged, not thrown, since the change stands.
 */
export async function notify(em: EntityManager, input: NotifyInput): Promise<NotifyOutcome> {
  const fallback = input.fallbackLocale ?? "en";
  const module = moduleOfEvent(input.event);
  const preferences = await preferencesFor(em, input.event, input.recipients.filter(isUser));
  const seen = new Set<string>();
  const outcome: NotifyOutcome = { notified: 0, mailed: 0, mailFailed: 0 };
  const mails: { to: string; subject: string; text: string }[] = [];
  for (const recipient of input.recipients) {
    if (isUser(recipient) && (recipient.id === input.actorId || !recipient.isActive)) continue;
    const email = recipient.email.trim().toLowerCase();
    if (!email || seen.has(email)) continue;
    seen.add(email);
    const locale = isUser(recipient)
      ? isLocale(recipient.locale)
        ? recipient.locale
        : fallback
      : (recipient.locale ?? fallback);
    const preference = isUser(recipient) ? preferences.get(recipient.id) : undefined;
    const inApp = isUser(recipient) && (preference?.inApp ?? true);
    const byMail = input.mail !== false && (preference?.email ?? true);
    if (!inApp && !byMail) continue;
    const title = await render(input.title, locale);
    const body = input.body === null ? null : await render(input.body, locale);
    if (inApp) {
      em.create(Notification, {
        project: input.projectId,
        recipient: recipient as IUser,
        module,
        event: input.event,
        title,
        body,
        link: input.link,
        readAt: null,
      });
      outcome.notified += 1;
    }
    if (!byMail) continue;
    const link = (!isUser(recipient) && recipient.link) || input.link;
    mails.push({
      to: email,
      subject: title,
      text: [body, link ? absolute(link) : null].filter(Boolean).join("\n\n"),
    });
  }
  await em.flush();
  for (const mail of mails) {
    try {
      await sendMail(em, mail);
      outcome.mailed += 1;
    } catch (error) {
      outcome.mailFailed += 1;
      logError(error);
    }
  }
  return outcome;
}

/** A user's choice for one event: in the product and by e-mail, both on unless they turned one off. */
export async function notificationPreferenceOf(em: EntityManager, userId: string, event: string) {
  const row = await em.findOne(NotificationPreference, { user: userId, event });
  return { inApp: row?.inApp ?? true, email: row?.email ?? true };
}

/** The recipients' choices for this event (users without a row get both channels). */
async function preferencesFor(em: EntityManager, event: string, users: IUser[]) {
  const rows = users.length
    ? await em.find(NotificationPreference, { event, user: { $in: users.map((user) => user.id) } })
    : [];
  return new Map(rows.map((row) => [row.user.id, row]));
}

/**
 * The project's members whose roles (product role and ACC role together) grant a permission key, the way
 * the guard decides it. Super admins pass every check but are not members, so they are not listed.
 */
export async function membersGranted(
  em: EntityManager,
  project: Pick<IProject, "id" | "language">,
  permissionKey: PermissionKey,
): Promise<IUser[]> {
  const members = await em.find(
    ProjectMember,
    { project: project.id, user: { isActive: true } },
    { populate: ["user", "role", "accRole"], orderBy: { user: { name: "asc" } } },
  );
  return members
    .filter((member) => memberGrantedKeys(member, project).has(permissionKey))
    .map((member) => member.user);
}

/** The language a project's messages default to for readers who chose none. */
export function projectLocale(project: Pick<IProject, "language">): Locale {
  return resolveLocale({ user: { locale: null }, project, acceptLanguage: null });
}
