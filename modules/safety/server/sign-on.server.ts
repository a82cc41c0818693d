import { parseWithZod } from "@conform-to/zod/v4";
import { LockMode, UniqueConstraintViolationException } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { recordActivity } from "~/server/audit/activity.server";
import { type IProject, Project } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { env } from "~/server/env";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { qrCodeImage } from "~/server/links/qr-code.server";
import { type OpenLinkState, openLinkState } from "~/server/links/state";
import { derivedLinkToken, hashLinkToken, isPlausibleToken } from "~/server/links/tokens.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { type SignOnSubject, signOnExpiry, signOnPath, signOnTokenPurpose } from "../domain/sign-on";
import { personKey } from "../domain/talk-fields";
import { type ISafetySignOn, type ISafetySignOnLink, SafetySignOn, SafetySignOnLink } from "../entities";
import { type SignOnValues, signOnRevokeSchema } from "./talk-rules";

/**
 * Sign-on through a QR link, for any subject of the module (a talk; a SWMS can use it as it is: decision 035).
 * The link's token is derived from its id under the server's secret, so the subject's page shows the same QR
 * code all shift, and only the token's hash is stored (the rules of server/links, decision 022): the link is
 * found by the hash across projects, then the request is scoped to the link's project. A link expires
 * (a shift, domain/sign-on) and can be revoked; many people sign through it, each once per subject.
 */

export type SignOnLinkState = Exclude<OpenLinkState, "used">;

export type SignOnLookup =
  | { state: "invalid" }
  | { state: SignOnLinkState; link: ISafetySignOnLink; project: IProject };

export const signOnToken = (link: Pick<ISafetySignOnLink, "id" | "subjectType">) =>
  derivedLinkToken(signOnTokenPurpose(link.subjectType), link.id);

/** The address the QR code holds (absolute: a phone opens it). */
export const signOnUrl = (link: Pick<ISafetySignOnLink, "id" | "subjectType">) =>
  `${env().APP_URL}${signOnPath(link.subjectType, link.id, signOnToken(link))}`;

export const signOnLinkState = (link: ISafetySignOnLink, now = new Date()): SignOnLinkState =>
  openLinkState({ ...link, usedAt: null }, now) as SignOnLinkState;

/** A new link for the subject, in the caller's transaction. */
export function createSignOnLink(
  tx: EntityManager,
  values: { projectId: string; subject: SignOnSubject; subjectId: string; createdBy: string | null },
): ISafetySignOnLink {
  const link = tx.create(SafetySignOnLink, {
    project: values.projectId,
    subjectType: values.subject,
    subjectId: values.subjectId,
    // Replaced below: the token is derived from the id the entity was given.
    tokenHash: "0".repeat(64),
    expiresAt: signOnExpiry(),
    revokedAt: null,
    createdBy: values.createdBy,
  } as never) as ISafetySignOnLink;
  link.tokenHash = hashLinkToken(signOnToken(link));
  return link;
}

/** The subject's newest link still open (the one its page shows), if any. */
export async function openSignOnLink(em: EntityManager, subject: SignOnSubject, subjectId: string) {
  const links = await em.find(
    SafetySignOnLink,
    { subjectType: subject, subjectId },
    { orderBy: { createdAt: "desc" }, limit: 5 },
  );
  return links.find((link) => signOnLinkState(link) === "valid") ?? null;
}

/** Revokes every open link of the subject (a deleted subject, or the supervisor's revoke). */
export async function revokeSignOnLinks(tx: EntityManager, subject: SignOnSubject, subjectId: string) {
  const links = await tx.find(SafetySignOnLink, { subjectType: subject, subjectId, revokedAt: null });
  const now = new Date();
  for (const link of links) link.revokedAt = now;
  return links.length;
}

/**
 * The link a token names. A token of another subject kind or another link id is as good as none: "invalid".
 */
export async function lookUpSignOnLink(
  em: EntityManager,
  subject: SignOnSubject,
  linkId: string | undefined,
  token: string | null | undefined,
): Promise<SignOnLookup> {
  if (!isUuid(linkId) || !isPlausibleToken(token)) return { state: "invalid" };
  const link = await em.findOne(SafetySignOnLink, { tokenHash: hashLinkToken(token) }, { filters: false });
  if (!link || link.id !== linkId || link.subjectType !== subject) return { state: "invalid" };
  scopeToProject(em, link.project.id);
  const project = await em.findOneOrFail(Project, link.project.id);
  return { state: signOnLinkState(link), link, project };
}

export type SignOnOutcome =
  | { ok: true; signOn: ISafetySignOn }
  | { ok: false; reason: "duplicate" | "link-not-valid" };

/**
 * Records one person's signature through a valid link, and lets the subject take it (`onSigned`: a talk adds
 * the person to its attendance) in the same transaction. The link is read again inside it (revoked or
 * expired meanwhile: nothing is written); one signature per person (name and company, domain `personKey`)
 * per subject, also when two phones send the same person at once (the unique index decides).
 */
export async function recordSignOn(
  em: EntityManager,
  link: ISafetySignOnLink,
  values: SignOnValues,
  onSigned: (tx: EntityManager, signOn: ISafetySignOn) => Promise<void>,
): Promise<SignOnOutcome> {
  const key = personKey(values.name, values.company);
  try {
    return await em.transactional(async (tx) => {
      const current = await tx.findOne(
        SafetySignOnLink,
        { id: link.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!current || signOnLinkState(current) !== "valid")
        return { ok: false, reason: "link-not-valid" } as const;
      const existing = await tx.count(SafetySignOn, {
        subjectType: current.subjectType,
        subjectId: current.subjectId,
        personKey: key,
      });
      if (existing > 0) return { ok: false, reason: "duplicate" } as const;
      const signOn = tx.create(SafetySignOn, {
        project: current.project.id,
        subjectType: current.subjectType,
        subjectId: current.subjectId,
        link: current.id,
        personKey: key,
        name: values.name,
        company: values.company,
        signature: values.signature ?? `typed:${values.signatureTypedName}`,
        signedAt: new Date(),
      } as never) as ISafetySignOn;
      await tx.flush();
      await onSigned(tx, signOn);
      return { ok: true, signOn } as const;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// The subject's page: its QR code, showing a new one and ending it (the talk's and the SWMS's intents).

/** What the subject's page shows of its open link: the QR code, the address, when it closes. */
export async function signOnLinkView(link: ISafetySignOnLink | null) {
  if (!link) return null;
  const url = signOnUrl(link);
  return {
    linkId: link.id,
    path: signOnPath(link.subjectType, link.id, signOnToken(link)),
    url,
    qr: await qrCodeImage(url),
    expiresAt: link.expiresAt.toISOString(),
  };
}
export type SignOnLinkView = Awaited<ReturnType<typeof signOnLinkView>>;

/**
 * The subject a page's sign-on intents act on: its kind and id, its activity log, its page. Its toasts are
 * `safety:<subject>.toast.signOnOpened`, `.toast.signOnRevoked` and `.errors.linkNotFound`.
 */
export type SignOnTarget = {
  subject: SignOnSubject;
  subjectId: string;
  entityType: string;
  pagePath: string;
};

/** Shows a new QR link for the subject (a shift long); an older open one is revoked, so one code is in use. */
export async function openSubjectSignOn(context: ProjectContext, target: SignOnTarget) {
  const { em, project, user } = context;
  await em.transactional(async (tx) => {
    await revokeSignOnLinks(tx, target.subject, target.subjectId);
    const link = createSignOnLink(tx, {
      projectId: project.id,
      subject: target.subject,
      subjectId: target.subjectId,
      createdBy: user.id,
    });
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: target.entityType,
      entityId: target.subjectId,
      action: "sign-on-link-opened",
      after: { linkId: link.id, expiresAt: link.expiresAt.toISOString() },
    });
  });
  return redirectWithToast(target.pagePath, {
    type: "success",
    message: `safety:${target.subject}.toast.signOnOpened`,
  });
}

/** Ends the subject's QR link (the form's `linkId`): whoever scans it now gets the "revoked" page. */
export async function revokeSubjectSignOn(context: ProjectContext, target: SignOnTarget, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: signOnRevokeSchema });
  const revoked =
    submission.status === "success" &&
    (await em.transactional(async (tx) => {
      const link = await tx.findOne(SafetySignOnLink, {
        id: submission.value.linkId,
        subjectType: target.subject,
        subjectId: target.subjectId,
        revokedAt: null,
      });
      if (!link) return false;
      link.revokedAt = new Date();
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: target.entityType,
        entityId: target.subjectId,
        action: "sign-on-link-revoked",
        before: { linkId: link.id },
      });
      return true;
    }));
  return redirectWithToast(target.pagePath, {
    type: revoked ? "success" : "error",
    message: `safety:${target.subject}.${revoked ? "toast.signOnRevoked" : "errors.linkNotFound"}`,
  });
}
