import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { INDIRECT_PERMISSIONS } from "../domain/downstream-workflow";
import { type IIndirectCost, IndirectCost } from "../entities";
import { INDIRECT_COST_ENTITY_TYPE, INDIRECT_PATH } from "./downstream-basics";
import { indirectCostSchema, indirectDeleteSchema, monthOrNull } from "./indirect-forms";
import { centsForInput } from "./money-form";

/**
 * Indirect costs (site sheds, staff, insurance): a line per category and month with its budget and actual, the
 * register filtered by month (`?month=YYYY-MM`) and paginated in the database, and per category its totals and
 * variance (budget − actual: negative is over budget), summed in cents by the database.
 */

const P = INDIRECT_PERMISSIONS;

export type IndirectRow = {
  id: string;
  category: string;
  description: string;
  month: string;
  budgetCents: number;
  actualCents: number;
  varianceCents: number;
};

const monthOf = (value: unknown) => (dayOfDateColumn(value) ?? "").slice(0, 7);

function indirectRow(cost: IIndirectCost): IndirectRow {
  const budgetCents = Number(cost.budgetCents);
  const actualCents = Number(cost.actualCents);
  return {
    id: cost.id,
    category: cost.category,
    description: cost.description,
    month: monthOf(cost.month),
    budgetCents,
    actualCents,
    varianceCents: budgetCents - actualCents,
  };
}

async function categoryTotals(context: ProjectContext, month: string | null) {
  const rows = await context.em.execute<{ category: string; budget: string; actual: string }[]>(
    `select category, sum(budget_cents) as budget, sum(actual_cents) as actual from indirect_cost
      where project_id = ? ${month ? "and month = ?::date" : ""}
      group by category order by category`,
    month ? [context.project.id, `${month}-01`] : [context.project.id],
  );
  const categories = rows.map((row) => {
    const budgetCents = Number(row.budget);
    const actualCents = Number(row.actual);
    return { category: row.category, budgetCents, actualCents, varianceCents: budgetCents - actualCents };
  });
  const sum = (pick: (row: (typeof categories)[number]) => number) =>
    categories.reduce((total, row) => total + pick(row), 0);
  return {
    categories,
    total: {
      budgetCents: sum((row) => row.budgetCents),
      actualCents: sum((row) => row.actualCents),
      varianceCents: sum((row) => row.varianceCents),
    },
  };
}

/** The register: the month's (or every) line, newest month first, with the category totals of the same lines. */
export async function loadIndirectPage(context: ProjectContext, url: URL) {
  const month = monthOrNull(url.searchParams.get("month"));
  const page = pageFromSearch(url.searchParams);
  const where = { project: context.project.id, ...(month ? { month: `${month}-01` } : {}) };
  const [[records, total], totals] = await Promise.all([
    context.em.findAndCount(IndirectCost, where as never, {
      orderBy: { month: "desc", category: "asc", description: "asc", id: "asc" },
      limit: DEFAULT_PAGE_SIZE,
      offset: (page - 1) * DEFAULT_PAGE_SIZE,
    }),
    categoryTotals(context, month),
  ]);
  return {
    month,
    list: { rows: records.map(indirectRow), page, pageSize: DEFAULT_PAGE_SIZE, total },
    totals,
    can: { create: context.can(P.create), edit: context.can(P.edit), delete: context.can(P.delete) },
  };
}

/** The categories used so far, offered as suggestions on the form. */
export async function indirectCategories(context: ProjectContext) {
  const rows = await context.em.execute<{ category: string }[]>(
    "select distinct category from indirect_cost where project_id = ? order by category limit 100",
    [context.project.id],
  );
  return rows.map((row) => row.category);
}

export async function indirectCostById(context: ProjectContext, id: unknown) {
  const cost = isUuid(id)
    ? await context.em.findOne(IndirectCost, { id, project: context.project.id })
    : null;
  if (!cost) throw new Response("Not found", { status: 404 });
  return cost;
}

export const indirectFormValues = (cost: IIndirectCost) => ({
  category: cost.category,
  description: cost.description,
  month: monthOf(cost.month),
  budget: centsForInput(Number(cost.budgetCents)),
  actual: centsForInput(Number(cost.actualCents)),
});

const fieldsOf = (values: ReturnType<typeof indirectCostSchema.parse>) => ({
  category: values.category,
  description: values.description,
  month: `${values.month}-01`,
  budgetCents: values.budget,
  actualCents: values.actual,
});

const toRegister = (key: string, month: string, description: string) =>
  redirectWithToast(`${INDIRECT_PATH}?month=${month.slice(0, 7)}`, {
    type: "success",
    message: `cost-and-commercial:indirect.toast.${key}`,
    params: { description },
  });

export async function createIndirectCost(context: ProjectContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: indirectCostSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const fields = fieldsOf(submission.value);
  await context.em.transactional(async (tx) => {
    const cost = tx.create(IndirectCost, {
      project: context.project.id,
      ...fields,
    } as never) as IIndirectCost;
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: INDIRECT_COST_ENTITY_TYPE,
      entityId: cost.id,
      action: "created",
      after: fields,
    });
  });
  return toRegister("created", fields.month, fields.description);
}

export async function updateIndirectCost(context: ProjectContext, cost: IIndirectCost, formData: FormData) {
  const submission = parseWithZod(formData, { schema: indirectCostSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const fields = fieldsOf(submission.value);
  await context.em.transactional(async (tx) => {
    const row = await tx.findOneOrFail(IndirectCost, { id: cost.id, project: context.project.id });
    const before = {
      category: row.category,
      description: row.description,
      month: dayOfDateColumn(row.month) ?? "",
      budgetCents: Number(row.budgetCents),
      actualCents: Number(row.actualCents),
    };
    tx.assign(row, fields as never);
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: INDIRECT_COST_ENTITY_TYPE,
      entityId: row.id,
      action: "updated",
      ...changedFields(before, fields),
    });
  });
  return toRegister("updated", fields.month, fields.description);
}

/** Removes a line once "I am sure" is ticked, with an entry of what it was. */
export async function deleteIndirectCost(context: ProjectContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: indirectDeleteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const cost = await indirectCostById(context, submission.value.id);
  const gone = indirectRow(cost);
  await context.em.transactional(async (tx) => {
    tx.remove(tx.getReference(IndirectCost, cost.id));
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: INDIRECT_COST_ENTITY_TYPE,
      entityId: cost.id,
      action: "deleted",
      before: { ...gone },
    });
  });
  return toRegister("deleted", gone.month, gone.description);
}
