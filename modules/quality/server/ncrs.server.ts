import { parseWithZod } from "@conform-to/zod/v4";
import { type FilterQuery, LockMode, QueryOrder } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { message } from "~/app/utils/message-key";
import { activityFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { containsPattern } from "~/server/db/like";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { lotWorkflow } from "../domain/lot-workflow";
import {
  availableNcrActions,
  isNcrEditable,
  NCR_INITIAL_STATUS,
  type NcrStatus,
  ncrCloseOutMessages,
  ncrWorkflow,
} from "../domain/ncr-workflow";
import { type INcr, ItpItem, Lot, LotItp, Ncr } from "../entities";
import { LOT_ENTITY_TYPE, type LotPlace } from "./lots.server";
import {
  NCR_ENTITY_TYPE,
  NCR_PATH,
  type NcrDetails,
  ncrDetailsSchema,
  ncrPath,
  ncrRaiseSchema,
  ncrTransitionSchema,
  readNcrListQuery,
  typeOfTab,
} from "./ncr-rules";
import { nextQualityNumber } from "./numbering.server";
import { notifyQualityEvent } from "./quality-notifications.server";
import { today } from "./today";

const dayText = (value: unknown): string | null => {
  if (!value) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

/** Kept here for the callers that take it with the rest of this file. */
export { today };

/** The NCR of a URL in the project, or a 404 (malformed ids included). */
export async function ncrById(em: EntityManager, projectId: string, id: string | undefined): Promise<INcr> {
  const ncr = isUuid(id)
    ? await em.findOne(Ncr, { id, project: projectId }, { populate: ["lot", "itpItem", "itpItem.itp"] })
    : null;
  if (!ncr) throw new Response("Not found", { status: 404 });
  return ncr;
}

// ---------------------------------------------------------------------------------------------------
// Register

export async function loadNcrList(em: EntityManager, projectId: string, url: URL) {
  const query = readNcrListQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const where: FilterQuery<INcr> = { project: projectId };
  const type = typeOfTab(query.tab);
  if (type) where.type = type;
  if (query.status) where.status = query.status;
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.$or = [{ number: { $ilike: pattern } }, { title: { $ilike: pattern } }];
  }
  const order = query.dir === "asc" ? QueryOrder.ASC : QueryOrder.DESC;
  const sortColumn = query.sort === "number" ? "sequence" : query.sort;
  const [ncrs, total] = await em.findAndCount(Ncr, where, {
    orderBy: [{ [sortColumn]: order }, { id: QueryOrder.ASC }],
    limit: DEFAULT_PAGE_SIZE,
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
    populate: ["lot"],
  });
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    rows: ncrs.map((ncr) => ({
      id: ncr.id,
      number: ncr.number,
      title: ncr.title,
      type: ncr.type,
      status: ncr.status,
      lotNumber: ncr.lot?.number ?? null,
      raisedOn: dayText(ncr.raisedOn),
      correctiveActionDue: dayText(ncr.correctiveActionDue),
      updatedAt: ncr.updatedAt.toISOString(),
    })),
  };
}
export type NcrListRow = Awaited<ReturnType<typeof loadNcrList>>["rows"][number];

/** A lot's NCRs, newest first, for the lot's page. */
export async function ncrsOfLot(em: EntityManager, projectId: string, lotId: string) {
  const ncrs = await em.find(
    Ncr,
    { project: projectId, lot: lotId },
    { orderBy: { sequence: QueryOrder.DESC }, limit: 100 },
  );
  return ncrs.map((ncr) => ({ id: ncr.id, number: ncr.number, title: ncr.title, status: ncr.status }));
}

// ---------------------------------------------------------------------------------------------------
// Choices: the lot of a product NCR and its ITP items

type Choice = { value: string; label: string };

/** The items of the ITPs assigned to a lot, as "ITP-0003 · 4. Compaction test". */
export async function itpItemChoices(em: EntityManager, projectId: string, lotId: string): Promise<Choice[]> {
  const assigned = await em.find(LotItp, { project: projectId, lot: lotId }, { populate: ["itp"] });
  if (assigned.length === 0) return [];
  const items = await em.find(
    ItpItem,
    { project: projectId, itp: { $in: assigned.map((row) => row.itp.id) } },
    { populate: ["itp"], orderBy: [{ itp: { number: QueryOrder.ASC } }, { position: QueryOrder.ASC }] },
  );
  return items.map((item) => ({
    value: item.id,
    label: `${item.itp.number} · ${item.position}. ${item.activity}`,
  }));
}

/** The raise form's lot when it is opened from a lot (?lot=<id>): the lot fixed, its ITP items offered. */
export async function raiseFormChoices(em: EntityManager, projectId: string, url: URL) {
  const lotId = url.searchParams.get("lot");
  const lot = isUuid(lotId) ? await em.findOne(Lot, { id: lotId, project: projectId }) : null;
  return {
    lot: lot ? { id: lot.id, number: lot.number, title: lot.title } : null,
    itpItems: lot ? await itpItemChoices(em, projectId, lot.id) : [],
  };
}

const notFound = [message("quality:ncr.errors.choiceNotFound")];

async function checkItpItem(
  em: EntityManager,
  projectId: string,
  lotId: string | null,
  itemId: string | null,
) {
  if (!itemId) return true;
  if (!lotId) return false;
  const choices = await itpItemChoices(em, projectId, lotId);
  return choices.some((choice) => choice.value === itemId);
}

// ---------------------------------------------------------------------------------------------------
// Raise, save

function detailColumns(values: NcrDetails) {
  const { itpItemId, ...rest } = values;
  return { ...rest, itpItem: itpItemId };
}

/**
 * Raises an NCR. A product NCR makes its lot non-conforming when the lot table has the step from the lot's
 * state ("raise_ncr": work done, not yet closed), in the same transaction, with the lot's own activity entry.
 */
export async function raiseNcr(place: LotPlace, granted: ReadonlySet<string>, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ncrRaiseSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { type, lotNumber, raisedOn, ...details } = submission.value;
  // A system NCR is about the way of working: no lot, no ITP item.
  const lot =
    type === "product" && lotNumber
      ? await place.em.findOne(Lot, { project: place.projectId, number: lotNumber.toUpperCase() })
      : null;
  const fieldErrors: Record<string, string[]> = {};
  if (type === "product" && !lot) fieldErrors.lotNumber = [message("quality:ncr.errors.lotNotFound")];
  else if (lot?.status === "cancelled") fieldErrors.lotNumber = [message("quality:ncr.errors.lotCancelled")];
  if (
    type === "product" &&
    lot &&
    !(await checkItpItem(place.em, place.projectId, lot.id, details.itpItemId))
  )
    fieldErrors.itpItemId = notFound;
  if (Object.keys(fieldErrors).length > 0) return data(submission.reply({ fieldErrors }), { status: 400 });
  const values = { ...details, itpItemId: type === "product" ? details.itpItemId : null };

  const ncr = await place.em.transactional(async (tx) => {
    const created = tx.create(Ncr, {
      project: place.projectId,
      number: await nextQualityNumber(tx, place.projectId, "NCR"),
      type,
      status: NCR_INITIAL_STATUS,
      lot: lot?.id ?? null,
      raisedOn,
      ...detailColumns(values),
      createdBy: place.actorId,
    } as never);
    if (lot) {
      const locked = await tx.findOneOrFail(
        Lot,
        { id: lot.id, project: place.projectId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const from = { status: locked.status, subStatus: locked.subStatus ?? null };
      const step = lotWorkflow.apply(from, "raise_ncr", granted);
      if (step.ok && step.to) {
        tx.assign(locked, step.to);
        recordActivity(tx, {
          projectId: place.projectId,
          actorId: place.actorId,
          entityType: LOT_ENTITY_TYPE,
          entityId: locked.id,
          action: "status-changed",
          before: from,
          after: { ...step.to, action: "raise_ncr", comment: created.number },
        });
      }
    }
    recordActivity(tx, {
      projectId: place.projectId,
      actorId: place.actorId,
      entityType: NCR_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { number: created.number, type, lotNumber: lot?.number ?? null, raisedOn, ...values },
    });
    return created;
  });
  await notifyNcr(place, ncr, "ncr-raised");
  return redirectWithToast(ncrPath(ncr.id), {
    type: "success",
    message: "quality:ncr.toast.raised",
    params: { number: ncr.number },
  });
}

/** Tells the reviewers of a raised NCR, or the raiser and site team of a closed one (after the commit). */
function notifyNcr(place: LotPlace, ncr: INcr, event: "ncr-raised" | "ncr-closed", comment?: string | null) {
  return notifyQualityEvent(place.em, {
    projectId: place.projectId,
    event,
    subject: { number: ncr.number, title: ncr.title, link: ncrPath(ncr.id) },
    actorId: place.actorId,
    comment,
    people: { raiser: ncr.createdBy?.id },
  });
}

export function storedNcrDetails(ncr: INcr): NcrDetails {
  return {
    title: ncr.title,
    description: ncr.description,
    itpItemId: ncr.itpItem?.id ?? null,
    containment: ncr.containment ?? null,
    disposition: ncr.disposition ?? null,
    concessionAuthorisedBy: ncr.concessionAuthorisedBy ?? null,
    clientToBeInformed: ncr.clientToBeInformed,
    rootCause: ncr.rootCause ?? null,
    correctiveAction: ncr.correctiveAction ?? null,
    correctiveActionOwner: ncr.correctiveActionOwner ?? null,
    correctiveActionDue: dayText(ncr.correctiveActionDue),
    effectivenessCheck: ncr.effectivenessCheck ?? null,
  };
}

/** Saves the ISO sections of an NCR in progress; an NCR in review, closed or archived is read-only. */
export async function saveNcr(place: LotPlace, ncr: INcr, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ncrDetailsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!isNcrEditable(ncr.status))
    return redirectWithToast(ncrPath(ncr.id), { type: "error", message: "quality:ncr.toast.notEditable" });
  const values = submission.value;
  if (!(await checkItpItem(place.em, place.projectId, ncr.lot?.id ?? null, values.itpItemId)))
    return data(submission.reply({ fieldErrors: { itpItemId: notFound } }), { status: 400 });
  const changes = changedFields(storedNcrDetails(ncr), values);
  if (Object.keys(changes.after).length > 0)
    await place.em.transactional(async (tx) => {
      tx.assign(ncr, detailColumns(values) as never);
      recordActivity(tx, {
        projectId: place.projectId,
        actorId: place.actorId,
        entityType: NCR_ENTITY_TYPE,
        entityId: ncr.id,
        action: "updated",
        ...changes,
      });
    });
  return redirectWithToast(ncrPath(ncr.id), {
    type: "success",
    message: "quality:ncr.toast.saved",
    params: { number: ncr.number },
  });
}

// ---------------------------------------------------------------------------------------------------
// Workflow

const REFUSALS = {
  "not-allowed-from-state": "quality:ncr.errors.actionNotAllowed",
  "comment-required": "quality:ncr.errors.commentRequired",
  unconfirmed: "quality:ncr.errors.unconfirmed",
} as const;

/**
 * Runs one step of the NCR table through the core's engine (the NCR locked, the table checked, the
 * activity written, one transaction). Closing also checks the close-out on the locked record.
 */
export async function transitionNcr(
  place: LotPlace,
  ncrId: string,
  granted: ReadonlySet<string>,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: ncrTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action, comment, confirmed } = submission.value;
  const outcome = await runWorkflowStep({
    em: place.em,
    entity: Ncr,
    id: ncrId,
    projectId: place.projectId,
    workflow: ncrWorkflow,
    action,
    granted,
    input: { comment, confirmed },
    actorId: place.actorId,
    stateOf: (ncr: INcr): NcrStatus => ncr.status,
    // Closing checks the close-out on the locked record (the table's guard).
    facts: (_tx, ncr) => storedNcrDetails(ncr),
    apply(tx, ncr, step) {
      tx.assign(ncr, {
        status: step.to,
        closedOn: step.to === "closed" ? today() : step.to === "archived" ? ncr.closedOn : null,
        ...(action === "return" ? { lastReturnComment: comment } : {}),
      } as never);
    },
    activity: { entityType: NCR_ENTITY_TYPE },
    notify: (ncr, step) =>
      step.to === "closed" ? notifyNcr(place, ncr, "ncr-closed", comment) : Promise.resolve(),
  });
  const here = ncrPath(ncrId);
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: REFUSALS["comment-required"],
      confirmRequired: REFUSALS.unconfirmed,
      notAllowed: REFUSALS["not-allowed-from-state"],
      describeBlock: (block) => ncrCloseOutMessages(block.params),
    });
  return redirectWithToast(here, {
    type: "success",
    message: `quality:ncr.toast.${action}`,
    params: { number: outcome.record.number },
  });
}

// ---------------------------------------------------------------------------------------------------
// Detail

export async function loadNcrDetail(
  em: EntityManager,
  projectId: string,
  ncr: INcr,
  granted: ReadonlySet<string>,
) {
  const [itpItems, activity] = await Promise.all([
    ncr.lot && isNcrEditable(ncr.status) ? itpItemChoices(em, projectId, ncr.lot.id) : Promise.resolve([]),
    activityFor(em, NCR_ENTITY_TYPE, ncr.id),
  ]);
  return {
    ncr: {
      id: ncr.id,
      number: ncr.number,
      type: ncr.type,
      status: ncr.status,
      raisedOn: dayText(ncr.raisedOn),
      closedOn: dayText(ncr.closedOn),
      lot: ncr.lot ? { id: ncr.lot.id, number: ncr.lot.number, title: ncr.lot.title } : null,
      itpItemLabel: ncr.itpItem
        ? `${ncr.itpItem.itp.number} · ${ncr.itpItem.position}. ${ncr.itpItem.activity}`
        : null,
      lastReturnComment: ncr.lastReturnComment ?? null,
      details: storedNcrDetails(ncr),
      editable: isNcrEditable(ncr.status),
    },
    itpItems,
    actions: availableNcrActions(ncr.status, granted).map((row) => ({
      action: row.action,
      confirm: Boolean(row.confirm),
      requiresComment: Boolean(row.requiresComment),
    })),
    activity: activity.map((entry) => ({
      id: entry.id,
      action: entry.action,
      actorName: entry.actor?.name ?? null,
      createdAt: entry.createdAt.toISOString(),
      after: (entry.after as Record<string, unknown> | null) ?? null,
    })),
  };
}

export { NCR_PATH };
