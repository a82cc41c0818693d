import { parseWithZod } from "@conform-to/zod/v4";
import { LockMode } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { activityRowsFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { dayOfDateColumn } from "~/server/db/date-column";
import { resolveLinkedRecords, searchLinkedRecords } from "~/server/extensions/extensions.server";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { listLocationTree } from "~/server/locations/locations.server";
import { flattenLocationTree } from "~/server/locations/tree";
import { projectMemberChoices } from "~/server/members/project-members.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import {
  canonicalQuantity,
  centsText,
  itemAmountCents,
  priceCents,
  totalCents,
} from "../domain/docket-money";
import {
  DOCKET_PERMISSIONS,
  type DocketStatus,
  docketWorkflow,
  isDocketEditable,
} from "../domain/docket-workflow";
import { Docket, DocketComment, DocketItem, type IDocket, ResourceRate } from "../entities";
import { type Choice, docketCompanyChoices } from "./docket-companies.server";
import {
  DOCKET_ENTITY_TYPE,
  DOCKETS_PATH,
  type DocketForm,
  docketCommentSchema,
  docketFormSchema,
  docketPath,
  docketTransitionSchema,
  invalidNumberMessage,
} from "./docket-rules";

/** Dockets on the server: the form with its items, the steps, comments, and who may change what. */

const P = DOCKET_PERMISSIONS;

/** The docket of a URL in the project, or a 404. */
export async function docketById(context: ProjectContext, id: string | undefined): Promise<IDocket> {
  const docket = isUuid(id)
    ? await context.em.findOne(
        Docket,
        { id, project: context.project.id },
        { populate: ["company", "area", "receivedBy", "forApprovalBy", "approvedBy", "createdBy"] },
      )
    : null;
  if (!docket) throw new Response("Not found", { status: 404 });
  return docket;
}

/** Its fields and items change while it is a draft or back from rejection, for holders of edit. */
export const canEditDocket = (context: ProjectContext, docket: Pick<IDocket, "status">) =>
  isDocketEditable(docket.status) && context.can(P.edit);

export type { Choice, CompanyChoice } from "./docket-companies.server";
export type RateChoice = Choice & { code: string; title: string; unitOfMeasure: string; unitPrice: string };

/** The project's active rates, and those the docket's items already use (a rate deactivated since). */
export async function rateChoices(
  em: EntityManager,
  projectId: string,
  docketId?: string,
): Promise<RateChoice[]> {
  const rows = await em.execute<
    { id: string; code: string; title: string; unit_of_measure: string; unit_price_cents: string | number }[]
  >(
    `select r.id, r.code, r.title, r.unit_of_measure, r.unit_price_cents from resource_rate r
      where r.project_id = ? and (r.active
         or r.id in (select i.resource_rate_id from docket_item i where i.docket_id = ?))
      order by r.code`,
    [projectId, docketId ?? null],
  );
  return rows.map((row) => ({
    value: row.id,
    label: `${row.code} — ${row.title}`,
    code: row.code,
    title: row.title,
    unitOfMeasure: row.unit_of_measure,
    unitPrice: centsText(Number(row.unit_price_cents)),
  }));
}

/** How many subcontracts the form's picker lists; more are found by Cost and Commercial's own search. */
const SUBCONTRACT_CHOICES = 200;

/**
 * Cost and Commercial's subcontracts (linked-records, kind cncSubContract), and the docket's own even when
 * the picker's list leaves it out. Empty when no module provides them (the form says none are available).
 */
async function subcontractChoices(context: ProjectContext, current: string | null): Promise<Choice[]> {
  const found = await searchLinkedRecords(context, "cncSubContract", "", SUBCONTRACT_CHOICES);
  const choices = found.map((record) => ({ value: record.id, label: record.title }));
  if (current && !choices.some((choice) => choice.value === current)) {
    const [resolved] = await resolveLinkedRecords(context, [{ kind: "cncSubContract", id: current }]);
    if (resolved) choices.unshift({ value: resolved.id, label: resolved.title });
  }
  return choices;
}

/** Everything the docket form picks from. */
export async function docketFormChoices(context: ProjectContext, docket?: IDocket) {
  const { em, project } = context;
  const [companies, members, tree, rates, subcontracts] = await Promise.all([
    docketCompanyChoices(em, project.id),
    projectMemberChoices(em, project.id),
    listLocationTree(em, project.id),
    rateChoices(em, project.id, docket?.id),
    subcontractChoices(context, docket?.subcontractId ?? null),
  ]);
  return {
    companies,
    members,
    areas: flattenLocationTree(tree).map((node) => ({ value: node.id, label: node.ancestorsName })),
    rates,
    subcontracts,
  };
}
export type DocketFormChoices = Awaited<ReturnType<typeof docketFormChoices>>;

export type DocketItemValues = {
  rateId: string;
  code: string;
  title: string;
  unitOfMeasure: string;
  unitPrice: string;
  quantity: string;
};

async function itemsOf(em: EntityManager, docketId: string) {
  return em.find(DocketItem, { docket: docketId }, { orderBy: { position: "asc" } });
}

/** The edit form's values: the docket's fields and its items as typed text. */
export async function docketFormValues(em: EntityManager, docket: IDocket) {
  const items = await itemsOf(em, docket.id);
  return {
    docketDate: dayOfDateColumn(docket.docketDate) ?? "",
    companyId: docket.company?.id ?? "",
    abn: docket.abn ?? "",
    poNumber: docket.poNumber ?? "",
    type: docket.type ?? "",
    costAccount: docket.costAccount ?? "",
    task: docket.task ?? "",
    workOrder: docket.workOrder ?? "",
    areaId: docket.area?.id ?? "",
    subcontractId: docket.subcontractId ?? "",
    receivedById: docket.receivedBy?.id ?? "",
    receivedOn: dayOfDateColumn(docket.receivedOn) ?? "",
    forApprovalById: docket.forApprovalBy?.id ?? "",
    comments: docket.comments ?? "",
    items: items.map(
      (item): DocketItemValues => ({
        rateId: item.resourceRate?.id ?? "",
        code: item.code,
        title: item.title,
        unitOfMeasure: item.unitOfMeasure,
        unitPrice: centsText(item.unitPriceCents),
        quantity: canonicalQuantity(item.quantity) ?? item.quantity,
      }),
    ),
  };
}
type FormValues = Awaited<ReturnType<typeof docketFormValues>>;

/** A priced item, ready to store: the rate's copy or the typed values, its amount in cents. */
type PricedItem = {
  rateId: string | null;
  code: string;
  title: string;
  unitOfMeasure: string;
  unitPriceCents: number;
  quantity: string;
  amountCents: number;
  costAccount: string | null;
};

type Refusal = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };

/**
 * The form's choices checked against the project (a stale or forged id is refused on its field) and its items
 * priced: from the rate when one is chosen, else as typed. The ABN is the company's tax id unless typed.
 */
async function checkAndPrice(
  context: ProjectContext,
  values: DocketForm,
  docketId: string | undefined,
): Promise<
  { ok: true; items: PricedItem[]; abn: string | null; total: number } | { ok: false; refusal: Refusal }
> {
  const { em, project } = context;
  const choices = await docketFormChoices(context, docketId ? ({ id: docketId } as IDocket) : undefined);
  const fieldErrors: Record<string, string[]> = {};
  const notFound = message("dockets:messages.choiceNotFound");
  const check = (field: string, value: string | null, list: readonly Choice[]) => {
    if (value && !list.some((choice) => choice.value === value)) fieldErrors[field] = [notFound];
  };
  check("companyId", values.companyId, choices.companies);
  check("areaId", values.areaId, choices.areas);
  check("receivedById", values.receivedById, choices.members);
  check("forApprovalById", values.forApprovalById, choices.members);
  check("subcontractId", values.subcontractId, choices.subcontracts);
  const rates = new Map(
    (
      await em.find(ResourceRate, {
        project: project.id,
        id: { $in: choices.rates.map((rate) => rate.value) },
      })
    ).map((rate) => [rate.id, rate]),
  );
  const items: PricedItem[] = [];
  values.items.forEach((item, index) => {
    const rate = item.rateId ? rates.get(item.rateId) : null;
    if (item.rateId && !rate) {
      fieldErrors[`items[${index}].rateId`] = [notFound];
      return;
    }
    const unitPriceCents = rate ? rate.unitPriceCents : (priceCents(item.unitPrice ?? "") ?? 0);
    const quantity = canonicalQuantity(item.quantity ?? "") ?? "0";
    const amountCents = itemAmountCents(unitPriceCents, quantity);
    if (amountCents === null) {
      fieldErrors[`items[${index}].quantity`] = [invalidNumberMessage];
      return;
    }
    items.push({
      rateId: rate?.id ?? null,
      code: rate?.code ?? item.code ?? "",
      title: rate?.title ?? item.title ?? "",
      unitOfMeasure: rate?.unitOfMeasure ?? item.unitOfMeasure ?? "",
      unitPriceCents,
      quantity,
      amountCents,
      costAccount: rate?.costAccount ?? null,
    });
  });
  const total = totalCents(items.map((item) => item.amountCents));
  if (total === null) fieldErrors.items = [invalidNumberMessage];
  if (Object.keys(fieldErrors).length > 0) return { ok: false, refusal: { fieldErrors } };
  const company = choices.companies.find((choice) => choice.value === values.companyId);
  return { ok: true, items, abn: values.abn ?? company?.taxId ?? null, total: total ?? 0 };
}

const entityValues = (values: DocketForm, abn: string | null, total: number) => ({
  docketDate: values.docketDate,
  company: values.companyId,
  abn,
  poNumber: values.poNumber,
  type: values.type,
  costAccount: values.costAccount,
  task: values.task,
  workOrder: values.workOrder,
  area: values.areaId,
  subcontractId: values.subcontractId,
  receivedBy: values.receivedById,
  receivedOn: values.receivedOn,
  forApprovalBy: values.forApprovalById,
  comments: values.comments,
  totalCents: total,
});

/** The stored values of a valid form, as docketFormValues reads them back (the activity log compares them). */
const storedValues = (values: DocketForm, abn: string | null, items: PricedItem[]): FormValues => ({
  docketDate: values.docketDate,
  companyId: values.companyId ?? "",
  abn: abn ?? "",
  poNumber: values.poNumber ?? "",
  type: values.type ?? "",
  costAccount: values.costAccount ?? "",
  task: values.task ?? "",
  workOrder: values.workOrder ?? "",
  areaId: values.areaId ?? "",
  subcontractId: values.subcontractId ?? "",
  receivedById: values.receivedById ?? "",
  receivedOn: values.receivedOn ?? "",
  forApprovalById: values.forApprovalById ?? "",
  comments: values.comments ?? "",
  items: items.map((item) => ({
    rateId: item.rateId ?? "",
    code: item.code,
    title: item.title,
    unitOfMeasure: item.unitOfMeasure,
    unitPrice: centsText(item.unitPriceCents),
    quantity: item.quantity,
  })),
});

/** Replaces the docket's items with these, in order; the caller stores the total with them. */
async function writeItems(tx: EntityManager, projectId: string, docketId: string, items: PricedItem[]) {
  await tx.nativeDelete(DocketItem, { docket: docketId });
  items.forEach((item, position) => {
    tx.create(DocketItem, {
      project: projectId,
      docket: docketId,
      position,
      resourceRate: item.rateId,
      code: item.code,
      title: item.title,
      unitOfMeasure: item.unitOfMeasure,
      unitPriceCents: item.unitPriceCents,
      quantity: item.quantity,
      amountCents: item.amountCents,
      costAccount: item.costAccount,
    } as never);
  });
}

/** Parses the form (a conform list intent — add or remove a row — comes back as the form, nothing written). */
async function parseDocketForm(context: ProjectContext, formData: FormData, docketId?: string) {
  const submission = parseWithZod(formData, { schema: docketFormSchema });
  if (submission.status !== "success")
    return {
      reply: data(submission.reply(), { status: submission.status === "error" ? 400 : 200 }),
    } as const;
  const priced = await checkAndPrice(context, submission.value, docketId);
  if (!priced.ok) return { reply: data(submission.reply(priced.refusal), { status: 400 }) } as const;
  return { submission, values: submission.value, priced } as const;
}

/** Writes a docket up (draft), numbered DKT-0001 per project, with its items and its "created" entry. */
export async function createDocket(context: ProjectContext, formData: FormData) {
  const { em, project, user } = context;
  const parsed = await parseDocketForm(context, formData);
  if ("reply" in parsed) return parsed.reply;
  const { items, abn, total } = parsed.priced;
  const docket = await em.transactional(async (tx) => {
    const created = tx.create(Docket, {
      project: project.id,
      number: await nextNumber(tx, project.id, "DKT"),
      ...entityValues(parsed.values, abn, total),
      status: "draft",
      createdBy: user.id,
    } as never) as IDocket;
    await tx.flush();
    await writeItems(tx, project.id, created.id, items);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: DOCKET_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { number: created.number, status: "draft", items: items.length, totalCents: total },
    });
    return created;
  });
  return redirectWithToast(docketPath(docket.id), {
    type: "success",
    message: "dockets:messages.created",
    params: { number: docket.number },
  });
}

/**
 * Saves the edit form: fields, items and total in one transaction, with an "updated" entry of what changed.
 * Nothing is written when refused or when the docket is no longer a draft or rejected.
 */
export async function editDocket(context: ProjectContext, docketId: string, formData: FormData) {
  const { em, project, user } = context;
  const parsed = await parseDocketForm(context, formData, docketId);
  if ("reply" in parsed) return parsed.reply;
  const { items, abn, total } = parsed.priced;
  const saved = await em.transactional(async (tx) => {
    const docket = await tx.findOne(
      Docket,
      { id: docketId, project: project.id },
      { populate: ["company", "area", "receivedBy", "forApprovalBy"], lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!docket) throw new Response("Not found", { status: 404 });
    if (!isDocketEditable(docket.status)) return null;
    const { items: beforeItems, ...before } = await docketFormValues(tx, docket);
    const { items: afterItems, ...after } = storedValues(parsed.values, abn, items);
    const changed: { before: Record<string, unknown>; after: Record<string, unknown> } = changedFields(
      before,
      after,
    );
    const itemsChanged = JSON.stringify(beforeItems) !== JSON.stringify(afterItems);
    if (Object.keys(changed.after).length === 0 && !itemsChanged) return docket;
    tx.assign(docket, entityValues(parsed.values, abn, total) as never);
    if (itemsChanged) {
      await writeItems(tx, project.id, docket.id, items);
      changed.before.items = beforeItems.length;
      changed.after.items = afterItems.length;
      changed.before.totalCents = docket.totalCents;
      changed.after.totalCents = total;
    }
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: DOCKET_ENTITY_TYPE,
      entityId: docket.id,
      action: "updated",
      ...changed,
    });
    return docket;
  });
  if (!saved)
    return data(parsed.submission.reply({ formErrors: [message("dockets:messages.notEditable")] }), {
      status: 409,
    });
  return redirectWithToast(docketPath(saved.id), {
    type: "success",
    message: "dockets:messages.updated",
    params: { number: saved.number },
  });
}

type StepCheck = "noItems" | "noCompany" | "noApprover";

/** What a step needs of the docket beyond the table (decision 043): submitted with a company and items. */
async function stepCheck(tx: EntityManager, docket: IDocket, step: string): Promise<StepCheck | null> {
  if (step === "submit") {
    if (!docket.company) return "noCompany";
    if ((await tx.count(DocketItem, { docket: docket.id })) === 0) return "noItems";
  }
  if (step === "submit-for-approval" && !docket.forApprovalBy) return "noApprover";
  return null;
}

/** One step of the docket table through the core's engine, with its "status-changed" entry. */
export async function transitionDocket(
  context: ProjectContext,
  docketId: string,
  formData: FormData,
  onDeleted: (id: string) => Promise<void>,
) {
  const submission = parseWithZod(formData, { schema: docketTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed } = submission.value;
  // Posting is ACC's answer through the posting job, never a form.
  if (step === "post")
    return data(submission.reply({ formErrors: [message("dockets:messages.actionNotAllowed")] }), {
      status: 409,
    });
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: Docket,
    id: docketId,
    projectId: context.project.id,
    workflow: docketWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (docket: IDocket): DocketStatus => docket.status,
    check: (tx, docket) => stepCheck(tx, docket, step),
    apply(tx, docket, change) {
      tx.assign(docket, {
        status: change.to,
        ...(step === "approve" ? { approvedBy: context.user.id, approvedAt: new Date() } : {}),
      } as never);
    },
    activity: {
      entityType: DOCKET_ENTITY_TYPE,
      entry: (docket, change) => ({
        action: change.to === null ? "deleted" : "status-changed",
        before:
          change.to === null
            ? { status: change.from, number: docket.number, totalCents: docket.totalCents }
            : { status: change.from },
        after: { status: change.to, action: step, comment: comment ?? null },
      }),
    },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "dockets:messages.reasonRequired",
      confirmRequired: "dockets:messages.confirmRequired",
      notAllowed: "dockets:messages.actionNotAllowed",
      custom: {
        noItems: "dockets:messages.noItems",
        noCompany: "dockets:messages.noCompany",
        noApprover: "dockets:messages.noApprover",
      },
    });
  if (outcome.to === null) {
    await onDeleted(docketId);
    return redirectWithToast(DOCKETS_PATH, {
      type: "success",
      message: "dockets:messages.deleted",
      params: { number: outcome.record.number },
    });
  }
  return redirectWithToast(docketPath(docketId), {
    type: "success",
    message: `dockets:messages.step.${step}`,
    params: { number: outcome.record.number },
  });
}

/** The steps this user may press now (posting is the posting panel's, never a button here). */
export const docketSteps = (context: ProjectContext, docket: Pick<IDocket, "status">) =>
  docketWorkflow
    .available(docket.status, grantedKeysOf(context))
    .filter((row) => row.action !== "post")
    .map((row) => ({
      action: row.action,
      confirm: Boolean(row.confirm),
      requiresComment: Boolean(row.requiresComment),
    }));

/** Adds a comment (anyone who sees the docket), with its "commented" entry. */
export async function addDocketComment(context: ProjectContext, docket: IDocket, formData: FormData) {
  const submission = parseWithZod(formData, { schema: docketCommentSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await context.em.transactional(async (tx) => {
    const comment = tx.create(DocketComment, {
      project: context.project.id,
      docket: docket.id,
      author: context.user.id,
      body: submission.value.body,
    } as never);
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: DOCKET_ENTITY_TYPE,
      entityId: docket.id,
      action: "commented",
      after: { commentId: comment.id },
    });
  });
  return redirectWithToast(docketPath(docket.id, "comments"), {
    type: "success",
    message: "dockets:messages.commented",
  });
}

export async function docketComments(em: EntityManager, docketId: string) {
  const rows = await em.find(
    DocketComment,
    { docket: docketId },
    { orderBy: { createdAt: "asc" }, populate: ["author"] },
  );
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    author: row.author?.name ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function docketItems(em: EntityManager, docketId: string) {
  return (await itemsOf(em, docketId)).map((item) => ({
    id: item.id,
    code: item.code,
    title: item.title,
    unitOfMeasure: item.unitOfMeasure,
    unitPriceCents: item.unitPriceCents,
    quantity: canonicalQuantity(item.quantity) ?? item.quantity,
    amountCents: item.amountCents,
    fromRate: Boolean(item.resourceRate),
  }));
}

export const docketActivity = (context: ProjectContext, docketId: string) =>
  activityRowsFor(context.em, DOCKET_ENTITY_TYPE, docketId, 200);
