import type { EntityManager } from "@mikro-orm/postgresql";
import { Attachment } from "~/server/db/entities";
import { readStoredImage } from "~/server/jobs/report-job.server";
import type { PointAction, PointState } from "../domain/inspection-point-workflow";
import { LotInspectionPoint, Ncr } from "../entities";
import { isPointKind } from "./lot-hold-points.server";
import type { AssignedItp } from "./lot-itp.server";
import { ITR_ENTITY_TYPE } from "./lot-itr-rules";

/**
 * What the lot dossier adds to the lot report (decision 027): every hold and witness point with its
 * release (who, when, the typed name, the drawn signature, the comment), the lot's NCRs with their
 * disposition, and the image ITRs drawn into the PDF, read from storage one at a time while it is drawn.
 */

export type DossierPoint = {
  itpNumber: string;
  position: number;
  activity: string;
  kind: "H" | "W";
  state: PointState;
  lastAction: PointAction | null;
  comment: string | null;
  notifiedBy: string | null;
  notifiedAt: Date | null;
  dueOn: string | Date | null;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  signature: string | null;
  /** The e-mail of the client's release link the point was released through, or null (released in the app). */
  releasedThroughLinkTo: string | null;
};

export type DossierNcr = {
  number: string;
  title: string;
  type: string;
  status: string;
  raisedOn: string | Date;
  itpItem: string | null;
  description: string;
  containment: string | null;
  disposition: string | null;
  concessionAuthorisedBy: string | null;
  rootCause: string | null;
  correctiveAction: string | null;
  effectivenessCheck: string | null;
  closedOn: string | Date | null;
};

/** An image ITR: drawn in the dossier after the ITR list. Its bytes are read only when it is drawn. */
export type DossierImage = { title: string; fileName: string; storageKey: string; size: number };

/** The image types PDFKit draws. */
const DRAWN_TYPES = ["image/png", "image/jpeg", "image/jpg"];
/** A larger photo is named, not drawn: the PDF stays a size people can mail, the job's memory bounded. */
export const DOSSIER_MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** At most this many ITR images are drawn (the first uploaded); the rest stay in the ITR list. */
export const DOSSIER_MAX_IMAGES = 60;

/** Every H and W item of the lot's ITPs, in ITP then position order, with its state on the lot. */
export async function dossierPoints(
  em: EntityManager,
  lotId: string,
  itps: AssignedItp[],
): Promise<DossierPoint[]> {
  // The link: a point the client decided through an e-mailed link names whom it was sent to.
  const rows = await em.find(
    LotInspectionPoint,
    { lot: lotId },
    { populate: ["notifiedBy", "decidedBy", "link"] },
  );
  const rowOf = new Map(rows.map((row) => [row.item.id, row]));
  return itps.flatMap((itp) =>
    itp.items
      .filter((item) => isPointKind(item.inspectionPoint))
      .map((item): DossierPoint => {
        const row = rowOf.get(item.id);
        return {
          itpNumber: itp.number,
          position: item.position,
          activity: item.activity,
          kind: item.inspectionPoint as "H" | "W",
          state: row?.state ?? "not_started",
          lastAction: row?.lastAction ?? null,
          comment: row?.comment ?? null,
          notifiedBy: row?.notifiedBy?.name ?? null,
          notifiedAt: row?.notifiedAt ?? null,
          dueOn: row?.dueOn ?? null,
          decidedBy: row?.decidedBy?.name ?? null,
          decidedByName: row?.decidedByName ?? null,
          decidedAt: row?.decidedAt ?? null,
          signature: row?.signature ?? null,
          releasedThroughLinkTo: row?.link?.recipientEmail ?? null,
        };
      }),
  );
}

/** The lot's NCRs, oldest first, with what the dossier prints of each. */
export async function dossierNcrs(
  em: EntityManager,
  projectId: string,
  lotId: string,
): Promise<DossierNcr[]> {
  const ncrs = await em.find(
    Ncr,
    { project: projectId, lot: lotId },
    { orderBy: { sequence: "asc" }, populate: ["itpItem", "itpItem.itp"] },
  );
  return ncrs.map((ncr) => ({
    number: ncr.number,
    title: ncr.title,
    type: ncr.type,
    status: ncr.status,
    raisedOn: ncr.raisedOn,
    itpItem: ncr.itpItem
      ? `${ncr.itpItem.itp.number} · ${ncr.itpItem.position}. ${ncr.itpItem.activity}`
      : null,
    description: ncr.description,
    containment: ncr.containment ?? null,
    disposition: ncr.disposition ?? null,
    concessionAuthorisedBy: ncr.concessionAuthorisedBy ?? null,
    rootCause: ncr.rootCause ?? null,
    correctiveAction: ncr.correctiveAction ?? null,
    effectivenessCheck: ncr.effectivenessCheck ?? null,
    closedOn: ncr.closedOn ?? null,
  }));
}

/** The lot's PNG and JPEG ITRs, oldest first: their storage keys, not their bytes. */
export async function dossierImages(em: EntityManager, lotId: string): Promise<DossierImage[]> {
  const rows = await em.find(
    Attachment,
    { entityType: ITR_ENTITY_TYPE, entityId: lotId, contentType: { $in: DRAWN_TYPES } },
    { orderBy: { createdAt: "asc", id: "asc" }, limit: DOSSIER_MAX_IMAGES },
  );
  return rows.map((row) => ({
    title: row.title,
    fileName: row.fileName,
    storageKey: row.storageKey,
    size: Number(row.size),
  }));
}

/** One image's bytes (PDFKit needs them whole), or null when it is too large or gone from storage. */
export function readDossierImage(image: DossierImage): Promise<Buffer | null> {
  return readStoredImage(image.storageKey, image.size, DOSSIER_MAX_IMAGE_BYTES);
}
