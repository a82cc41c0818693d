import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { headContractWorkflow, UPSTREAM_PERMISSIONS } from "../domain/head-contract-workflow";
import type { ContractStatus } from "../domain/vocabularies";
import { HeadContract, type IHeadContract } from "../entities";
import { centsForInput } from "./money-form";
import {
  HEAD_CONTRACT_ENTITY_TYPE,
  type HeadContractForm,
  headContractSchema,
  headContractTransitionSchema,
  UPSTREAM_CREATE_PATH,
  upstreamPath,
} from "./upstream-forms";
import { stepButtons } from "./upstream-steps.server";

/** The project's head contract (decision 044: one per project) on the server. */

const P = UPSTREAM_PERMISSIONS;

/** The project's head contract, or null before one is made. */
export function headContractOf(context: Pick<ProjectContext, "em" | "project">) {
  return context.em.findOne(
    HeadContract,
    { project: context.project.id },
    { orderBy: { createdAt: "asc", id: "asc" } },
  );
}

/** The head contract the upstream pages work on; none yet: to its create form (or a 404 for who may not). */
export async function requireHeadContract(context: ProjectContext): Promise<IHeadContract> {
  const contract = await headContractOf(context);
  if (contract) return contract;
  if (context.can(P.create)) throw redirect(UPSTREAM_CREATE_PATH);
  throw new Response("Not found", { status: 404 });
}

/** Its terms change until it is executed or void, for holders of edit. */
export const isContractOpen = (status: ContractStatus) => status !== "executed" && status !== "void";
export const canEditHeadContract = (context: ProjectContext, contract: Pick<IHeadContract, "status">) =>
  isContractOpen(contract.status) && context.can(P.edit);

/** Basis points as the form's percentage: 500 → "5", 250 → "2.5". */
export const percentOfBasisPoints = (basisPoints: number) => String(basisPoints / 100).replace(/\.0+$/, "");

export function headContractFormValues(contract: IHeadContract) {
  return {
    code: contract.code,
    description: contract.description,
    client: contract.client,
    type: contract.type,
    contractSum: centsForInput(contract.contractSumCents),
    jurisdiction: contract.jurisdiction,
    retentionPercent: percentOfBasisPoints(contract.retentionBasisPoints),
    paymentScheduleDays: contract.paymentScheduleDays === null ? "" : String(contract.paymentScheduleDays),
    paymentDays: contract.paymentDays === null ? "" : String(contract.paymentDays),
    startDate: dayOfDateColumn(contract.startDate) ?? "",
    completionDate: dayOfDateColumn(contract.completionDate) ?? "",
  };
}

const entityValues = (values: HeadContractForm) => ({
  code: values.code,
  description: values.description,
  client: values.client,
  type: values.type,
  contractSumCents: values.contractSum,
  jurisdiction: values.jurisdiction,
  retentionBasisPoints: values.retentionPercent,
  paymentScheduleDays: values.paymentScheduleDays,
  paymentDays: values.paymentDays,
  startDate: values.startDate,
  completionDate: values.completionDate,
});

/** What the activity log compares: the stored values as plain data. */
const comparable = (values: ReturnType<typeof entityValues>) => ({
  ...values,
  startDate: values.startDate ?? "",
  completionDate: values.completionDate ?? "",
});

const storedOf = (row: IHeadContract) =>
  comparable({
    code: row.code,
    description: row.description,
    client: row.client,
    type: row.type,
    contractSumCents: row.contractSumCents,
    jurisdiction: row.jurisdiction,
    retentionBasisPoints: row.retentionBasisPoints,
    paymentScheduleDays: row.paymentScheduleDays ?? null,
    paymentDays: row.paymentDays ?? null,
    startDate: dayOfDateColumn(row.startDate),
    completionDate: dayOfDateColumn(row.completionDate),
  });

/** Makes the project's head contract (a draft); refused when it has one. */
export async function createHeadContract(context: ProjectContext, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: headContractSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (await headContractOf(context))
    return data(
      submission.reply({ formErrors: [message("cost-and-commercial:upstream.errors.headContractExists")] }),
      { status: 409 },
    );
  const values = entityValues(submission.value);
  await em.transactional(async (tx) => {
    const contract = tx.create(HeadContract, {
      project: project.id,
      ...values,
      status: "draft",
      createdBy: user.id,
    } as never) as IHeadContract;
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: HEAD_CONTRACT_ENTITY_TYPE,
      entityId: contract.id,
      action: "created",
      after: comparable(values),
    });
  });
  return redirectWithToast(upstreamPath(), {
    type: "success",
    message: "cost-and-commercial:upstream.toast.headContractCreated",
    params: { code: values.code },
  });
}

/** Saves the head contract's terms with an "updated" entry of what changed; refused once executed or void. */
export async function editHeadContract(context: ProjectContext, contract: IHeadContract, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: headContractSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = entityValues(submission.value);
  const saved = await em.transactional(async (tx) => {
    const row = await tx.findOne(HeadContract, { id: contract.id, project: project.id });
    if (!row || !isContractOpen(row.status)) return false;
    const changed = changedFields(storedOf(row), comparable(values));
    if (Object.keys(changed.after).length === 0) return true;
    tx.assign(row, values as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: HEAD_CONTRACT_ENTITY_TYPE,
      entityId: row.id,
      action: "updated",
      ...changed,
    });
    return true;
  });
  if (!saved)
    return data(
      submission.reply({ formErrors: [message("cost-and-commercial:upstream.errors.notEditable")] }),
      {
        status: 409,
      },
    );
  return redirectWithToast(upstreamPath(), {
    type: "success",
    message: "cost-and-commercial:upstream.toast.headContractUpdated",
    params: { code: values.code },
  });
}

/** One step of the head contract's table through the core's engine, with its "status-changed" entry. */
export async function transitionHeadContract(
  context: ProjectContext,
  contract: IHeadContract,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: headContractTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed } = submission.value;
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: HeadContract,
    id: contract.id,
    projectId: context.project.id,
    workflow: headContractWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (row: IHeadContract): ContractStatus => row.status,
    apply(tx, row, change) {
      tx.assign(row, { status: change.to });
    },
    activity: { entityType: HEAD_CONTRACT_ENTITY_TYPE },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "cost-and-commercial:upstream.errors.commentRequired",
      confirmRequired: "cost-and-commercial:upstream.errors.confirmRequired",
      notAllowed: "cost-and-commercial:upstream.errors.actionNotAllowed",
    });
  return redirectWithToast(upstreamPath(), {
    type: "success",
    message: `cost-and-commercial:upstream.toast.contractStep.${step}`,
    params: { code: outcome.record.code },
  });
}

export const headContractSteps = (context: ProjectContext, contract: Pick<IHeadContract, "status">) =>
  stepButtons(context, headContractWorkflow, contract.status);
