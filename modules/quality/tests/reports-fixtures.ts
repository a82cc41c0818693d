/**
 * Arrangements shared by the ITP-tab, ITR and report tests: members with given permissions, a lot with
 * ITPs and items straight in the database, and multipart requests (callAction posts url-encoded forms).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import type { IProject, IUser } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { signedInMember } from "~/tests/setup/requests";
import type { ItpStatus } from "../domain/itp-workflow";
import type { LotStatus } from "../domain/lot-workflow";
import { type IItp, type IItpItem, type ILot, Itp, ItpItem, Lot, LotItp } from "../entities";

export const LOT_ALL = [
  "quality.lot.view",
  "quality.lot.edit",
  "quality.lot.update-status",
  "quality.lot.lot-subcontractor-sign",
  "quality.lot.download",
];

export const memberWith = (em: EntityManager, project: IProject, grantedActions: string[], name?: string) =>
  signedInMember(em, project, grantedActions, name ? { name } : {});

let sequence = 0;

export async function makeLot(
  em: EntityManager,
  project: IProject,
  overrides: { title?: string; status?: LotStatus; createdBy?: IUser } = {},
): Promise<ILot> {
  sequence += 1;
  const scoped = scopeToProject(em, project.id);
  const lot = scoped.create(Lot, {
    project,
    number: `LOT-${String(sequence).padStart(4, "0")}`,
    title: overrides.title ?? `Deck pour ${sequence}`,
    status: overrides.status ?? "active",
    subStatus:
      overrides.status === "closed"
        ? "qa_approved"
        : overrides.status === "cancelled"
          ? null
          : "work_started",
    lotType: "Concrete",
    workPack: "WP-01",
    area: "North abutment",
    chainageStart: 120.5,
    chainageEnd: 180,
    lotOpenedOn: "2026-02-01",
    createdBy: overrides.createdBy ?? null,
  } as never) as ILot;
  await scoped.flush();
  return lot;
}

/** An ITP with the given items (activity, kind, subcontractor signature). */
export async function makeItp(
  em: EntityManager,
  project: IProject,
  options: {
    status?: ItpStatus;
    title?: string;
    items?: { activity: string; kind?: string; subcontractor?: boolean }[];
  } = {},
): Promise<{ itp: IItp; items: IItpItem[] }> {
  sequence += 1;
  const scoped = scopeToProject(em, project.id);
  const itp = scoped.create(Itp, {
    project,
    number: `ITP-${String(sequence).padStart(4, "0")}`,
    title: options.title ?? `Concrete works ${sequence}`,
    status: options.status ?? "active",
    customer: "Harbour Authority",
    creationDate: "2026-01-05",
  } as never) as IItp;
  const items = (
    options.items ?? [
      { activity: "Set out formwork", kind: "C" },
      { activity: "Inspect reinforcement", kind: "H", subcontractor: true },
    ]
  ).map(
    (item, index) =>
      scoped.create(ItpItem, {
        project,
        itp,
        position: index + 1,
        activity: item.activity,
        inspectionPoint: item.kind ?? "I",
        acceptanceCriteria: `Criteria of ${item.activity}`,
        verifyingDocument: "Checklist",
        subcontractorSignature: item.subcontractor ?? false,
        clientSignature: false,
      } as never) as IItpItem,
  );
  await scoped.flush();
  return { itp, items };
}

export async function assign(em: EntityManager, project: IProject, lot: ILot, itp: IItp) {
  const scoped = scopeToProject(em, project.id);
  scoped.create(LotItp, { project, lot, itp } as never);
  await scoped.flush();
}
