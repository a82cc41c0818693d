import { isUuid } from "~/server/http/responses";
import { listLocationTree } from "~/server/locations/locations.server";
import { findLocationNode } from "~/server/locations/tree";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { HoldingPoint } from "../domain/hold-points";
import {
  availableLotActions,
  isLotFinal,
  type LotAction,
  type LotStatus,
  type LotSubStatus,
} from "../domain/lot-workflow";
import { Lot } from "../entities";
import { type LotGate, lotGate } from "./lot-gates.server";
import { lotHoldingPoints } from "./lot-hold-points.server";
import { isLotEditable } from "./lot-rules";

/** A workflow button: the action, and how the screen asks before sending it. */
export type LotFrameAction = {
  action: LotAction;
  confirm: boolean;
  requiresComment: boolean;
  /** The translation key of its label ("close" from QA approved reads "Close (QA on client's behalf)"). */
  labelKey: string;
};

/** What every lot tab shows above its content: the lot's number, title and state. */
export type LotFrame = {
  id: string;
  number: string;
  title: string;
  status: LotStatus;
  subStatus: LotSubStatus | null;
  /** "Bridge › Span 2 › Deck", or null without a location. */
  locationPath: string | null;
  /** The user may edit the lot now (permission, and the lot is neither closed nor cancelled). */
  canEdit: boolean;
  /** The workflow actions the user may run from the lot's state. */
  actions: LotFrameAction[];
  /** The user may produce the lot report ("Download Lot"). */
  canDownload: boolean;
  /** The first hold point still holding the lot (it cannot go to the Project Engineer), or null. */
  holdingPoint: HoldingPoint | null;
  /** How many hold points hold it. */
  holdingCount: number;
  /** What the lot's records still need before its next step (submission, QA approval, closing), or null. */
  gate: LotGate | null;
};

export const LOT_STEPS_RUN_ELSEWHERE: ReadonlySet<LotAction> = new Set(["raise_ncr"]);

function labelKeyOf(action: LotAction, status: LotStatus, subStatus: LotSubStatus | null) {
  if (action === "close" && status === "confirming" && subStatus === "qa_approved")
    return "quality:lot.actions.closeOnClientsBehalf";
  return `quality:lot.actions.${action}`;
}

/** The lot of a tab's URL in the request's project, or a 404. */
export async function loadLotFrame(context: ProjectContext, lotId: string | undefined): Promise<LotFrame> {
  const lot = isUuid(lotId)
    ? await context.em.findOne(Lot, { id: lotId, project: context.project.id })
    : null;
  if (!lot) throw new Response("Not found", { status: 404 });
  const state = { status: lot.status, subStatus: lot.subStatus ?? null };
  const locationId = lot.location?.id ?? null;
  const locationPath = locationId
    ? (findLocationNode(await listLocationTree(context.em, context.project.id), locationId)?.ancestorsName ??
      null)
    : null;
  // A closed or cancelled lot is held by nothing: it is not going to the engineer.
  const holding = isLotFinal(state) ? [] : await lotHoldingPoints(context.em, lot.id);
  const gate = isLotFinal(state) ? null : await lotGate(context.em, lot.id, state);
  return {
    gate,
    holdingPoint: holding[0] ?? null,
    holdingCount: holding.length,
    id: lot.id,
    number: lot.number,
    title: lot.title,
    ...state,
    locationPath,
    canEdit: context.can("quality.lot.edit") && isLotEditable(state),
    canDownload: context.can("quality.lot.download"),
    // "raise_ncr" is run by raising a product NCR (ncrs.server.ts), not from the lot's page.
    actions: availableLotActions(state, grantedKeysOf(context))
      .filter((row) => !LOT_STEPS_RUN_ELSEWHERE.has(row.action))
      .map((row) => ({
        action: row.action,
        confirm: Boolean(row.confirm),
        requiresComment: Boolean(row.requiresComment),
        labelKey: labelKeyOf(row.action, state.status, state.subStatus),
      })),
  };
}
