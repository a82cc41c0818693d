import type { EntityManager } from "@mikro-orm/postgresql";
import { sendMail } from "~/plugins/mail/mail.server";
import { recordActivity } from "~/server/audit/activity.server";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import { issueToken } from "~/server/auth/tokens.server";
import {
  type IProject,
  type IRole,
  type IUser,
  Notification,
  ProjectMember,
  User,
} from "~/server/db/entities";
import { env } from "~/server/env";
import { logError } from "~/server/http/log";
import { redirectWithToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { isLocale, type Locale } from "~/server/i18n/locale";
import { notificationPreferenceOf, projectLocale } from "~/server/notifications/notify.server";
import { readProjectSettings } from "~/server/settings/settings.server";
import { memberStatus, nameFromEmail } from "./member-rules";
import { membershipSnapshot, type ProjectChoices } from "./members.server";

type MailKind =
  | "projectInvitation"
  | "productInvitation"
  | "addedToProject"
  | "removedFromProject"
  | "rolesChanged";

/** A mail decided inside a transaction and sent after it commits (mail is a network call). */
export type MemberMail = {
  kind: MailKind;
  to: string;
  locale: Locale;
  params: Record<string, string>;
  token?: string;
};

const setPasswordLink = (token: string) =>
  `${env().APP_URL}/auth/set-password?token=${encodeURIComponent(token)}`;

/** Someone who already has an account reads mail about it in their own language, if they chose one. */
const readerLocale = (user: IUser, fallback: Locale): Locale =>
  isLocale(user.locale) ? user.locale : fallback;

/** Sends the mails; a failure is logged and counted, not thrown, since the change itself is already saved. */
export async function sendMemberMails(em: EntityManager, mails: MemberMail[]): Promise<number> {
  let failed = 0;
  for (const mail of mails) {
    const t = await serverT(mail.locale, "members");
    const link = mail.token ? setPasswordLink(mail.token) : `${env().APP_URL}/`;
    try {
      await sendMail(em, {
        to: mail.to,
        subject: t(`mail.${mail.kind}.subject`, mail.params),
        text: t(`mail.${mail.kind}.body`, { ...mail.params, link }),
      });
    } catch (error) {
      failed += 1;
      logError(error);
    }
  }
  return failed;
}

type MemberNotificationSettings = { memberInvited: boolean; memberRemoved: boolean; roleChanged: boolean };

/** The project's member notification switches (project settings, Notification tab), with their defaults. */
export function memberNotificationSettings(em: EntityManager, projectId: string) {
  return readProjectSettings<MemberNotificationSettings>(em, projectId, "project-settings", "notifications");
}

export type ProjectInvitationOutcome = {
  /** Invitation links went to these: new accounts, and accounts that never accepted an earlier one. */
  invited: string[];
  /** Existing accounts added to the project. */
  added: string[];
  alreadyMembers: string[];
  deactivated: string[];
  mails: MemberMail[];
};

export async function inviteToProject(
  em: EntityManager,
  input: { project: IProject; actor: IUser; locale: Locale; emails: string[]; choices: ProjectChoices },
): Promise<ProjectInvitationOutcome> {
  const { project, actor, locale, emails, choices } = input;
  const outcome: ProjectInvitationOutcome = {
    invited: [],
    added: [],
    alreadyMembers: [],
    deactivated: [],
    mails: [],
  };
  const notifyAdded = (await memberNotificationSettings(em, project.id)).memberInvited;
  await em.transactional(async (tx) => {
    const existing = await tx.find(User, { email: { $in: emails } });
    const byEmail = new Map(existing.map((user) => [user.email.toLowerCase(), user]));
    const memberships = existing.length
      ? await tx.find(ProjectMember, { project: project.id, user: { $in: existing.map((u) => u.id) } })
      : [];
    const memberIds = new Set(memberships.map((membership) => membership.user.id));
    for (const email of emails) {
      const known = byEmail.get(email);
      if (known && memberIds.has(known.id)) {
        outcome.alreadyMembers.push(email);
        continue;
      }
      if (known && !known.isActive) {
        outcome.deactivated.push(email);
        continue;
      }
      const user = known ?? createInvitedUser(tx, email, null);
      const member = tx.create(ProjectMember, {
        project: project.id,
        user,
        role: choices.role.id,
        accRole: choices.accRole?.id ?? null,
        company: choices.company?.id ?? null,
      });
      recordActivity(tx, {
        projectId: project.id,
        actorId: actor.id,
        entityType: "project-member",
        entityId: member.id,
        action: "invited",
        after: { email, newAccount: !known, ...membershipSnapshot(choices) },
      });
      recordSecurityEvent(tx, {
        kind: "member.invited",
        actorId: actor.id,
        subjectUserId: user.id,
        subjectEmail: email,
        projectId: project.id,
        details: { project: project.name, newAccount: !known, ...membershipSnapshot(choices) },
      });
      await tx.flush();
      const params = { name: user.name, inviter: actor.name, project: project.name };
      if (memberStatus(user) === "invited") {
        const token = await issueToken(tx, user, "invite");
        outcome.invited.push(email);
        outcome.mails.push({ kind: "projectInvitation", to: email, locale, params, token });
      } else {
        outcome.added.push(email);
        if (!notifyAdded) continue;
        // The member reads it in their language, else the project's: never the inviter's page language.
        const readerIn = readerLocale(user, projectLocale(project));
        const preference = await notificationPreferenceOf(tx, user.id, "member-added");
        if (preference.inApp)
          tx.create(Notification, {
            recipient: user,
            project: project.id,
            module: null,
            event: "member-added",
            title: (await serverT(readerIn, "members"))("mail.addedToProject.subject", params),
            body: null,
            link: "/",
            readAt: null,
          });
        if (preference.email)
          outcome.mails.push({ kind: "addedToProject", to: email, locale: readerIn, params });
      }
    }
  });
  return outcome;
}

function createInvitedUser(em: EntityManager, email: string, globalRole: IRole | null): IUser {
  return em.create(User, {
    email,
    name: nameFromEmail(email),
    passwordHash: null,
    isSuperAdmin: false,
    isActive: true,
    locale: null,
    microsoftSubject: null,
    globalRole: globalRole?.id ?? null,
  });
}

export type ProductInvitationOutcome = {
  invited: string[];
  alreadyRegistered: string[];
  mails: MemberMail[];
};

/** Invites people to the product without a project: an account and a link each; existing accounts are skipped. */
export async function inviteToProduct(
  em: EntityManager,
  input: { actor: IUser; locale: Locale; emails: string[]; globalRole: IRole | null },
): Promise<ProductInvitationOutcome> {
  const { actor, locale, emails, globalRole } = input;
  const outcome: ProductInvitationOutcome = { invited: [], alreadyRegistered: [], mails: [] };
  await em.transactional(async (tx) => {
    const existing = new Set(
      (await tx.find(User, { email: { $in: emails } }, { fields: ["email"] })).map((u) =>
        u.email.toLowerCase(),
      ),
    );
    for (const email of emails) {
      if (existing.has(email)) {
        outcome.alreadyRegistered.push(email);
        continue;
      }
      const user = createInvitedUser(tx, email, globalRole);
      recordActivity(tx, {
        projectId: null,
        actorId: actor.id,
        entityType: "user",
        entityId: user.id,
        action: "invited",
        after: { email, globalRole: globalRole?.name ?? null },
      });
      recordSecurityEvent(tx, {
        kind: "member.invited",
        actorId: actor.id,
        subjectUserId: user.id,
        subjectEmail: email,
        details: { newAccount: true, globalRole: globalRole?.name ?? null },
      });
      await tx.flush();
      const token = await issueToken(tx, user, "invite");
      outcome.invited.push(email);
      outcome.mails.push({
        kind: "productInvitation",
        to: email,
        locale,
        params: { name: user.name, inviter: actor.name },
        token,
      });
    }
  });
  return outcome;
}

/** A new link for someone who has not accepted yet; the earlier link stops working (issueToken). */
export async function resendInvitation(
  em: EntityManager,
  input: {
    user: IUser;
    actor: IUser;
    locale: Locale;
    /** The membership the invitation is for; null for an invitation to the product. */
    membership: { id: string; project: IProject } | null;
  },
): Promise<MemberMail> {
  const { user, actor, locale, membership } = input;
  let token = "";
  await em.transactional(async (tx) => {
    token = await issueToken(tx, user, "invite");
    recordActivity(tx, {
      projectId: membership?.project.id ?? null,
      actorId: actor.id,
      entityType: membership ? "project-member" : "user",
      entityId: membership?.id ?? user.id,
      action: "invitation-resent",
      after: { email: user.email },
    });
    recordSecurityEvent(tx, {
      kind: "member.invitation-resent",
      actorId: actor.id,
      subjectUserId: user.id,
      subjectEmail: user.email,
      projectId: membership?.project.id ?? null,
      details: membership ? { project: membership.project.name } : null,
    });
  });
  const params: Record<string, string> = { name: user.name, inviter: actor.name };
  if (membership) params.project = membership.project.name;
  return {
    kind: membership ? "projectInvitation" : "productInvitation",
    to: user.email,
    locale,
    params,
    token,
  };
}

/** Mail to a member about a change to their membership, when the project's notification settings want it. */
export async function membershipChangeMail(
  em: EntityManager,
  input: {
    kind: "removedFromProject" | "rolesChanged";
    user: IUser;
    project: IProject;
    actor: IUser;
    locale: Locale;
    snapshot?: ReturnType<typeof membershipSnapshot>;
  },
): Promise<MemberMail | null> {
  const settings = await memberNotificationSettings(em, input.project.id);
  const wanted = input.kind === "removedFromProject" ? settings.memberRemoved : settings.roleChanged;
  if (!wanted || memberStatus(input.user) !== "active") return null;
  const locale = readerLocale(input.user, input.locale);
  const t = await serverT(locale, "members");
  const none = t("detail.none");
  return {
    kind: input.kind,
    to: input.user.email,
    locale,
    params: {
      name: input.user.name,
      inviter: input.actor.name,
      project: input.project.name,
      role: input.snapshot?.role ?? none,
      accRole: input.snapshot?.accRole ?? none,
      company: input.snapshot?.company ?? none,
    },
  };
}

/** Resends the invitation, mails it, and answers the page with a toast that says how it went. */
export async function resendInvitationAndReport(
  em: EntityManager,
  input: Parameters<typeof resendInvitation>[1] & { backTo: string },
): Promise<Response> {
  const mail = await resendInvitation(em, input);
  const failed = await sendMemberMails(em, [mail]);
  if (failed) {
    return redirectWithToast(input.backTo, {
      type: "error",
      message: "members:toast.mailFailed",
      params: { failed },
    });
  }
  return redirectWithToast(input.backTo, {
    type: "success",
    message: "members:toast.invitationResent",
    params: { email: input.user.email },
  });
}
