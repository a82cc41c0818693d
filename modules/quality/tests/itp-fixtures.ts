/**
 * Shared arrangements of the ITP integration tests: members with given permissions, ITPs in a given
 * status, and a way to post multipart forms (the callAction helper posts url-encoded forms only).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { type IProject, type IUser, Notification, OutboxMail } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { translateMessage } from "~/server/settings/form-errors.server";
import { signedInMember } from "~/tests/setup/requests";
import type { ItpStatus } from "../domain/itp-workflow";
import { type IItp, Itp, ItpItem } from "../entities";

export const ITP_ALL = [
  "quality.itp.view",
  "quality.itp.create",
  "quality.itp.edit",
  "quality.itp.delete",
  "quality.itp.internal-review",
  "quality.itp.external-review",
  "quality.itp.archive",
  "quality.itp.edit-global-template",
  "quality.itp.download",
];

export const memberWith = (
  em: EntityManager,
  project: IProject,
  grantedActions: string[],
  overrides: { name?: string; email?: string; locale?: string | null } = {},
) => signedInMember(em, project, grantedActions, overrides);

let itpSequence = 0;

/** An ITP straight in the database, with two items, in the status asked for. */
export async function makeItp(
  em: EntityManager,
  project: IProject,
  overrides: Partial<Pick<IItp, "title" | "status" | "revision" | "discipline">> & {
    submittedBy?: IUser | null;
    createdBy?: IUser | null;
  } = {},
): Promise<IItp> {
  const scoped = scopeToProject(em, project.id);
  itpSequence += 1;
  const itp = scoped.create(Itp, {
    project,
    number: `ITP-${String(900 + itpSequence).padStart(4, "0")}`,
    title: overrides.title ?? `Concrete works ${itpSequence}`,
    discipline: overrides.discipline ?? "Civil",
    status: (overrides.status ?? "draft") as ItpStatus,
    revision: overrides.revision ?? 0,
    creationDate: "2026-01-05",
    submittedBy: overrides.submittedBy ?? null,
    createdBy: overrides.createdBy ?? null,
  } as never) as IItp;
  scoped.create(ItpItem, {
    project,
    itp,
    position: 1,
    activity: "Set out formwork",
    inspectionPoint: "C",
    subcontractorSignature: false,
    clientSignature: false,
  } as never);
  scoped.create(ItpItem, {
    project,
    itp,
    position: 2,
    activity: "Inspect reinforcement",
    inspectionPoint: "H",
    subcontractorSignature: true,
    clientSignature: true,
    otherSignatureRole: "Surveyor",
  } as never);
  await scoped.flush();
  return itp;
}

export async function reload(em: EntityManager, project: IProject, id: string) {
  return scopeToProject(em, project.id).findOneOrFail(Itp, id);
}

export const notificationsOf = (em: EntityManager, user: IUser) =>
  em.find(Notification, { recipient: user.id }, { orderBy: { createdAt: "asc" } });

export const mailsTo = (em: EntityManager, email: string) =>
  em.find(OutboxMail, { to: email.toLowerCase() }, { orderBy: { createdAt: "asc" } });

/** English text of a translation key, for asserting what the user reads. */
export async function english(key: string, params?: Record<string, string | number>) {
  const t = await serverT("en", "quality");
  return t(key, params) as string;
}

export const translated = (message: string) => translateMessage("en", message);
