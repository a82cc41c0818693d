import { parseWithZod } from "@conform-to/zod/v4";
import { LockMode } from "@mikro-orm/core";
import { data } from "@remix-run/node";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { changeWorkflow, DOWNSTREAM_PERMISSIONS, isSubcontractLive } from "../domain/downstream-workflow";
import type { ContractStatus } from "../domain/vocabularies";
import { BackCharge, type ISubcontract, Subcontract, SubcontractVariation } from "../entities";
import { BACK_CHARGE_ENTITY_TYPE, subcontractPath, VARIATION_ENTITY_TYPE } from "./downstream-basics";
import { siteToday } from "./rfa.server";
import { CHANGE_NUMBER_PREFIX, type ChangeKind } from "./subcontract-changes-basics";
import {
  backChargeSchema,
  changeTransitionSchema,
  variationSchema,
  variationTransitionSchema,
} from "./subcontract-changes-forms";
import { stepButtons } from "./upstream-steps.server";

/**
 * A subcontract's variations (VAR-001…, added or omitted work) and back charges (BC-001…, costs charged back to
 * the subcontractor): the registers with their totals, the add forms, and the steps of the change table
 * (downstream-workflow.ts). A row a payment claim took in (`claim` set) keeps its history: it is not deleted.
 */

type ChangeRecord = {
  id: string;
  number: string;
  amountCents: number;
  status: ContractStatus;
  claim?: { id: string; number: number } | null;
  createdAt: Date;
  // Variation
  title?: string;
  submittedOn?: unknown;
  approvedOn?: unknown;
  // Back charge
  description?: string;
  raisedOn?: unknown;
};

const REGISTERS = {
  variations: {
    entity: SubcontractVariation,
    table: "subcontract_variation",
    entityType: VARIATION_ENTITY_TYPE,
  },
  "back-charges": { entity: BackCharge, table: "back_charge", entityType: BACK_CHARGE_ENTITY_TYPE },
} as const;

const toastKey = (kind: ChangeKind) => (kind === "variations" ? "variation" : "backCharge");

export type ChangeRow = {
  id: string;
  number: string;
  text: string;
  amountCents: number;
  status: ContractStatus;
  submittedOn: string | null;
  approvedOn: string | null;
  raisedOn: string | null;
  claimNumber: number | null;
  steps: { action: string; confirm: boolean; requiresComment: boolean }[];
};

function changeRow(context: ProjectContext, record: ChangeRecord): ChangeRow {
  const claimed = Boolean(record.claim);
  return {
    id: record.id,
    number: record.number,
    text: record.title ?? record.description ?? "",
    amountCents: Number(record.amountCents),
    status: record.status,
    submittedOn: dayOfDateColumn(record.submittedOn),
    approvedOn: dayOfDateColumn(record.approvedOn),
    raisedOn: dayOfDateColumn(record.raisedOn),
    claimNumber: record.claim ? record.claim.number : null,
    // A row a claim took in is part of that claim's figures: it cannot be deleted (the server refuses it too).
    steps: stepButtons(context, changeWorkflow, record.status).filter(
      (step) => !(claimed && step.action === "delete"),
    ),
  };
}

/** Approved and pending (drafted or submitted) totals of a subcontract's register, in cents, summed by the database. */
async function changeTotals(context: ProjectContext, kind: ChangeKind, subcontractId: string) {
  const [row] = await context.em.execute<{ approved: string | null; pending: string | null }[]>(
    `select sum(amount_cents) filter (where status = 'approved') as approved,
            sum(amount_cents) filter (where status in ('draft', 'submitted')) as pending
       from ${REGISTERS[kind].table} where subcontract_id = ? and project_id = ?`,
    [subcontractId, context.project.id],
  );
  return { approvedCents: Number(row?.approved ?? 0), pendingCents: Number(row?.pending ?? 0) };
}

/** A page of the register (oldest first, as numbered) with its totals over every row. */
export async function changeRegister(
  context: ProjectContext,
  subcontract: ISubcontract,
  kind: ChangeKind,
  url: URL,
) {
  const page = pageFromSearch(url.searchParams);
  const [[records, total], totals] = await Promise.all([
    context.em.findAndCount(
      REGISTERS[kind].entity as typeof SubcontractVariation,
      { subcontract: subcontract.id, project: context.project.id },
      {
        orderBy: { createdAt: "asc", id: "asc" },
        limit: DEFAULT_PAGE_SIZE,
        offset: (page - 1) * DEFAULT_PAGE_SIZE,
        populate: ["claim"],
      },
    ),
    changeTotals(context, kind, subcontract.id),
  ]);
  return {
    rows: records.map((record) => changeRow(context, record as unknown as ChangeRecord)),
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    totals,
  };
}

/** The next number of the register, e.g. VAR-004: one more than the highest, under the subcontract's lock. */
async function nextChangeNumber(
  tx: ProjectContext["em"],
  kind: ChangeKind,
  subcontractId: string,
): Promise<string> {
  const [row] = await tx.execute<{ highest: number | null }[]>(
    `select max(substring(number from '[0-9]+$')::int) as highest from ${REGISTERS[kind].table}
      where subcontract_id = ?`,
    [subcontractId],
  );
  return `${CHANGE_NUMBER_PREFIX[kind]}-${String(Number(row?.highest ?? 0) + 1).padStart(3, "0")}`;
}

/** Whether the subcontract still takes variations and back charges (not void or rejected). */
export const takesChanges = (subcontract: Pick<ISubcontract, "status">) =>
  isSubcontractLive(subcontract.status);

/** Adds a draft variation or back charge, numbered per subcontract, with its activity entry. */
export async function createChange(
  context: ProjectContext,
  subcontract: ISubcontract,
  kind: ChangeKind,
  formData: FormData,
) {
  const { em, project, user } = context;
  const submission =
    kind === "variations"
      ? parseWithZod(formData, { schema: variationSchema })
      : parseWithZod(formData, { schema: backChargeSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value as Record<string, unknown> & { amount: number };
  const register = REGISTERS[kind];
  const created = await em.transactional(async (tx) => {
    // Locks the subcontract: two rows added at once get different numbers, and a void in between is seen.
    const locked = await tx.findOneOrFail(
      Subcontract,
      { id: subcontract.id, project: project.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!takesChanges(locked)) return null;
    const number = await nextChangeNumber(tx, kind, locked.id);
    const fields =
      kind === "variations"
        ? { title: values.title, submittedOn: values.submittedOn }
        : { description: values.description, raisedOn: values.raisedOn };
    const record = tx.create(
      register.entity as typeof SubcontractVariation,
      {
        project: project.id,
        subcontract: locked.id,
        number,
        amountCents: values.amount,
        status: "draft",
        ...fields,
      } as never,
    );
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: register.entityType,
      entityId: record.id,
      action: "created",
      after: { number, amountCents: values.amount, subcontract: locked.code, ...fields },
    });
    return record;
  });
  if (!created)
    return data(
      submission.reply({ formErrors: [message("cost-and-commercial:variation.errors.subcontractClosed")] }),
      { status: 409 },
    );
  return redirectWithToast(subcontractPath(subcontract.id, kind), {
    type: "success",
    message: `cost-and-commercial:${toastKey(kind)}.toast.created`,
    params: { number: created.number },
  });
}

/**
 * One step of a row's change table: submit (a variation keeps its submitted day, or the site's today), approve (a
 * variation with the day it was approved), reject with a reason, delete a draft ("I am sure") unless a claim took it in.
 */
export async function transitionChange(
  context: ProjectContext,
  subcontract: ISubcontract,
  kind: ChangeKind,
  formData: FormData,
) {
  const schema = kind === "variations" ? variationTransitionSchema : changeTransitionSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { id, action: step, comment, confirmed, approvedOn } = submission.value;
  const register = REGISTERS[kind];
  const today = await siteToday(context);
  const outcome = await runWorkflowStep<
    ChangeRecord,
    ContractStatus,
    typeof step,
    never,
    undefined,
    "claimed" | "not-found"
  >({
    em: context.em,
    entity: register.entity as never,
    id,
    projectId: context.project.id,
    workflow: changeWorkflow as never,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (row) => row.status,
    check: (_tx, row) => {
      const owner = (row as unknown as { subcontract: { id: string } }).subcontract.id;
      if (owner !== subcontract.id) return "not-found";
      return step === "delete" && (row as unknown as { claim: unknown }).claim ? "claimed" : null;
    },
    apply(tx, row, change) {
      const dates: Record<string, string | null> = {};
      if (kind === "variations" && step === "submit")
        dates.submittedOn = dayOfDateColumn(row.submittedOn) ?? today;
      if (kind === "variations" && step === "approve") dates.approvedOn = approvedOn;
      tx.assign(row as never, { status: change.to, ...dates } as never);
      return undefined;
    },
    activity: {
      entityType: register.entityType,
      entry: (row, change) => ({
        action: change.to === null ? "deleted" : "status-changed",
        before: { status: change.from, number: row.number },
        after: {
          status: change.to,
          action: step,
          comment: comment ?? null,
          ...(kind === "variations" && step === "approve" ? { approvedOn } : {}),
        },
      }),
    },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "cost-and-commercial:variation.errors.commentRequired",
      confirmRequired: "cost-and-commercial:variation.errors.confirmRequired",
      notAllowed: "cost-and-commercial:variation.errors.actionNotAllowed",
      custom: { claimed: "cost-and-commercial:variation.errors.claimed" },
    });
  return redirectWithToast(subcontractPath(subcontract.id, kind), {
    type: "success",
    message: `cost-and-commercial:${toastKey(kind)}.toast.${outcome.to === null ? "deleted" : step}`,
    params: { number: outcome.record.number },
  });
}

/** What a variations or back charges page shows: the subcontract's heading, the register, who may add. */
export async function loadChangePage(
  context: ProjectContext,
  subcontract: ISubcontract,
  kind: ChangeKind,
  url: URL,
) {
  const [register, today] = await Promise.all([
    changeRegister(context, subcontract, kind, url),
    siteToday(context),
  ]);
  return {
    subcontract: {
      id: subcontract.id,
      code: subcontract.code,
      title: subcontract.title,
      status: subcontract.status,
    },
    register,
    today,
    canCreate: takesChanges(subcontract) && context.can(DOWNSTREAM_PERMISSIONS.create),
  };
}
