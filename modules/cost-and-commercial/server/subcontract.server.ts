import { parseWithZod } from "@conform-to/zod/v4";
import { type FilterQuery, QueryOrder, UniqueConstraintViolationException } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { message } from "~/app/utils/message-key";
import { projectCompanyIds } from "~/server/admin/companies.server";
import { activityRowsFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { Company } from "~/server/db/entities";
import { containsPattern } from "~/server/db/like";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { DOWNSTREAM_PERMISSIONS, subcontractWorkflow } from "../domain/downstream-workflow";
import { basisPointsToPercent } from "../domain/payment-claim-arithmetic";
import { CONTRACT_STATUSES, type ContractStatus } from "../domain/vocabularies";
import { type ISubcontract, Subcontract } from "../entities";
import { DOWNSTREAM_PATH, SUBCONTRACT_ENTITY_TYPE, subcontractPath } from "./downstream-basics";
import { centsForInput } from "./money-form";
import { SUBCONTRACT_LIMITS } from "./subcontract-basics";
import { type SubcontractForm, subcontractSchema, subcontractTransitionSchema } from "./subcontract-forms";
import { stepButtons } from "./upstream-steps.server";

/** Subcontracts on the server: the register, the form (create, edit), the steps and the details. */

const P = DOWNSTREAM_PERMISSIONS;

// --- register -------------------------------------------------------------------------------------

export function readSubcontractQuery(params: URLSearchParams) {
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").trim().slice(0, SUBCONTRACT_LIMITS.search),
    status: CONTRACT_STATUSES.includes(status as ContractStatus) ? (status as ContractStatus) : null,
  };
}

/** The project's subcontracts, searched by code, title or company and filtered by state, one page at a time. */
export async function loadSubcontractRegister(em: EntityManager, projectId: string, url: URL) {
  const query = readSubcontractQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const where: FilterQuery<ISubcontract> = { project: projectId };
  if (query.status) where.status = query.status;
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.$or = [
      { code: { $ilike: pattern } },
      { title: { $ilike: pattern } },
      { company: { name: { $ilike: pattern } } },
    ];
  }
  const [rows, total] = await em.findAndCount(Subcontract, where, {
    orderBy: [{ code: QueryOrder.ASC }, { id: QueryOrder.ASC }],
    limit: DEFAULT_PAGE_SIZE,
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
    populate: ["company"],
  });
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    rows: rows.map((row) => ({
      id: row.id,
      code: row.code,
      title: row.title,
      company: row.company.name,
      status: row.status,
      contractSumCents: Number(row.contractSumCents),
    })),
  };
}
export type SubcontractRegisterRow = Awaited<ReturnType<typeof loadSubcontractRegister>>["rows"][number];

// --- form -----------------------------------------------------------------------------------------

/** The companies a subcontract may be let to: the project's own and its members'. */
export async function subcontractCompanyChoices(em: EntityManager, projectId: string) {
  const ids = await projectCompanyIds(em, projectId);
  if (ids.length === 0) return [];
  const companies = await em.find(
    Company,
    { id: { $in: ids } },
    { orderBy: [{ name: QueryOrder.ASC }, { id: QueryOrder.ASC }] },
  );
  return companies.map((company) => ({ value: company.id, label: company.name }));
}

/** Its terms change until it is executed or void, for holders of edit. */
export const isSubcontractOpen = (status: ContractStatus) => status !== "executed" && status !== "void";
export const canEditSubcontract = (context: ProjectContext, subcontract: Pick<ISubcontract, "status">) =>
  isSubcontractOpen(subcontract.status) && context.can(P.edit);

export function subcontractFormValues(subcontract: ISubcontract) {
  return {
    code: subcontract.code,
    title: subcontract.title,
    company: subcontract.company.id,
    type: subcontract.type,
    contractSum: centsForInput(Number(subcontract.contractSumCents)),
    jurisdiction: subcontract.jurisdiction,
    retentionPercent: basisPointsToPercent(subcontract.retentionBasisPoints),
    retentionCap:
      subcontract.retentionCapCents === null ? "" : centsForInput(Number(subcontract.retentionCapCents)),
    paymentScheduleDays:
      subcontract.paymentScheduleDays === null ? "" : String(subcontract.paymentScheduleDays),
    paymentDays: subcontract.paymentDays === null ? "" : String(subcontract.paymentDays),
    startDate: dayOfDateColumn(subcontract.startDate) ?? "",
    completionDate: dayOfDateColumn(subcontract.completionDate) ?? "",
  };
}

const entityValues = (values: SubcontractForm) => ({
  code: values.code,
  title: values.title,
  company: values.company,
  type: values.type,
  contractSumCents: values.contractSum,
  jurisdiction: values.jurisdiction,
  retentionBasisPoints: values.retentionPercent,
  retentionCapCents: values.retentionCap,
  paymentScheduleDays: values.paymentScheduleDays,
  paymentDays: values.paymentDays,
  startDate: values.startDate,
  completionDate: values.completionDate,
});
type SubcontractValues = ReturnType<typeof entityValues>;

const storedOf = (row: ISubcontract): SubcontractValues => ({
  code: row.code,
  title: row.title,
  company: row.company.id,
  type: row.type,
  contractSumCents: Number(row.contractSumCents),
  jurisdiction: row.jurisdiction,
  retentionBasisPoints: row.retentionBasisPoints,
  retentionCapCents: row.retentionCapCents === null ? null : Number(row.retentionCapCents),
  paymentScheduleDays: row.paymentScheduleDays ?? null,
  paymentDays: row.paymentDays ?? null,
  startDate: dayOfDateColumn(row.startDate),
  completionDate: dayOfDateColumn(row.completionDate),
});

const codeTaken = message("cost-and-commercial:subcontract.errors.codeTaken");

/** A refusal of the form's values: an unknown company, or a code another subcontract of the project has. */
async function formRefusal(
  context: ProjectContext,
  values: SubcontractValues,
  current: Pick<ISubcontract, "id" | "company"> | null,
): Promise<Record<string, string[]> | null> {
  // A company kept as it was stays, even when it has since left the project.
  const companies = await projectCompanyIds(context.em, context.project.id);
  if (values.company !== current?.company.id && !companies.includes(values.company))
    return { company: [message("cost-and-commercial:subcontract.errors.companyNotFound")] };
  const clash = await context.em.findOne(Subcontract, {
    project: context.project.id,
    code: values.code,
    ...(current ? { id: { $ne: current.id } } : {}),
  });
  return clash ? { code: [codeTaken] } : null;
}

/** Saves and answers the code clash of two saves at once as the form's message, not an error page. */
async function savingCode<T>(save: () => Promise<T>): Promise<T | "code-taken"> {
  try {
    return await save();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) return "code-taken";
    throw error;
  }
}

/** Makes a draft subcontract. */
export async function createSubcontract(context: ProjectContext, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: subcontractSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = entityValues(submission.value);
  const refusal = await formRefusal(context, values, null);
  if (refusal) return data(submission.reply({ fieldErrors: refusal }), { status: 400 });
  const saved = await savingCode(() =>
    em.transactional(async (tx) => {
      const subcontract = tx.create(Subcontract, {
        project: project.id,
        ...values,
        status: "draft",
        createdBy: user.id,
      } as never) as ISubcontract;
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: SUBCONTRACT_ENTITY_TYPE,
        entityId: subcontract.id,
        action: "created",
        after: values,
      });
      return subcontract;
    }),
  );
  if (saved === "code-taken")
    return data(submission.reply({ fieldErrors: { code: [codeTaken] } }), { status: 409 });
  return redirectWithToast(subcontractPath(saved.id), {
    type: "success",
    message: "cost-and-commercial:subcontract.toast.created",
    params: { code: values.code },
  });
}

/** Saves the terms (an "updated" entry of what changed); the company only with edit-supplier. */
export async function editSubcontract(
  context: ProjectContext,
  subcontract: ISubcontract,
  formData: FormData,
) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: subcontractSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = entityValues(submission.value);
  if (values.company !== subcontract.company.id && !context.can(P.editSupplier))
    return data(
      submission.reply({
        fieldErrors: { company: [message("cost-and-commercial:subcontract.errors.editSupplierRequired")] },
      }),
      { status: 403 },
    );
  const refusal = await formRefusal(context, values, subcontract);
  if (refusal) return data(submission.reply({ fieldErrors: refusal }), { status: 400 });
  const saved = await savingCode(() =>
    em.transactional(async (tx) => {
      const row = await tx.findOne(Subcontract, { id: subcontract.id, project: project.id });
      if (!row || !isSubcontractOpen(row.status)) return false;
      const changed = changedFields(storedOf(row), values);
      if (Object.keys(changed.after).length === 0) return true;
      tx.assign(row, values as never);
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: SUBCONTRACT_ENTITY_TYPE,
        entityId: row.id,
        action: "updated",
        ...changed,
      });
      return true;
    }),
  );
  if (saved === "code-taken")
    return data(submission.reply({ fieldErrors: { code: [codeTaken] } }), { status: 409 });
  if (!saved)
    return data(
      submission.reply({ formErrors: [message("cost-and-commercial:subcontract.errors.notEditable")] }),
      { status: 409 },
    );
  return redirectWithToast(subcontractPath(subcontract.id), {
    type: "success",
    message: "cost-and-commercial:subcontract.toast.updated",
    params: { code: values.code },
  });
}

// --- steps and details ----------------------------------------------------------------------------

/** One step of the subcontract's table through the core's engine, with its "status-changed" entry. */
export async function transitionSubcontract(
  context: ProjectContext,
  subcontract: ISubcontract,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: subcontractTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed } = submission.value;
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: Subcontract,
    id: subcontract.id,
    projectId: context.project.id,
    workflow: subcontractWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (row: ISubcontract): ContractStatus => row.status,
    apply(tx, row, change) {
      tx.assign(row, { status: change.to });
    },
    activity: { entityType: SUBCONTRACT_ENTITY_TYPE },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "cost-and-commercial:upstream.errors.commentRequired",
      confirmRequired: "cost-and-commercial:upstream.errors.confirmRequired",
      notAllowed: "cost-and-commercial:upstream.errors.actionNotAllowed",
    });
  const params = { code: outcome.record.code };
  if (outcome.to === null)
    return redirectWithToast(DOWNSTREAM_PATH, {
      type: "success",
      message: "cost-and-commercial:subcontract.toast.deleted",
      params,
    });
  return redirectWithToast(subcontractPath(subcontract.id), {
    type: "success",
    message: `cost-and-commercial:subcontract.toast.step.${step}`,
    params,
  });
}

export const subcontractSteps = (context: ProjectContext, subcontract: Pick<ISubcontract, "status">) =>
  stepButtons(context, subcontractWorkflow, subcontract.status);

export const subcontractActivity = (context: ProjectContext, id: string) =>
  activityRowsFor(context.em, SUBCONTRACT_ENTITY_TYPE, id, 100);

/** The subcontract as its Details tab shows it. */
export function subcontractDetails(subcontract: ISubcontract) {
  return {
    id: subcontract.id,
    code: subcontract.code,
    title: subcontract.title,
    company: subcontract.company.name,
    type: subcontract.type,
    status: subcontract.status,
    contractSumCents: Number(subcontract.contractSumCents),
    jurisdiction: subcontract.jurisdiction,
    retentionPercent: basisPointsToPercent(subcontract.retentionBasisPoints),
    retentionCapCents: subcontract.retentionCapCents === null ? null : Number(subcontract.retentionCapCents),
    paymentScheduleDays: subcontract.paymentScheduleDays ?? null,
    paymentDays: subcontract.paymentDays ?? null,
    startDate: dayOfDateColumn(subcontract.startDate),
    completionDate: dayOfDateColumn(subcontract.completionDate),
  };
}
