import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { UPSTREAM_PERMISSIONS } from "../domain/head-contract-workflow";
import { type IHeadContract, RevenueMonth } from "../entities";
import { HEAD_CONTRACT_ENTITY_TYPE, revenueSchema, UPSTREAM_LIMITS, upstreamPath } from "./upstream-forms";

/**
 * The head contract's revenue per month: forecast and actual, with totals and the running (cumulative) totals.
 * The months shown: from the contract's start to its completion (at most 60); without both dates, twelve months
 * from the start (or from this month); plus any month already kept outside them.
 */

const P = UPSTREAM_PERMISSIONS;

const monthOf = (day: string) => day.slice(0, 7);
function nextMonth(month: string) {
  const [year, number] = month.split("-").map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
}

export function contractMonths(contract: Pick<IHeadContract, "startDate" | "completionDate">, today: string) {
  const start = monthOf(dayOfDateColumn(contract.startDate) ?? today);
  const end = dayOfDateColumn(contract.completionDate);
  const months = [start];
  while (months.length < (end ? UPSTREAM_LIMITS.revenueMonths : 12)) {
    const next = nextMonth(months[months.length - 1]);
    if (end && next > monthOf(end)) break;
    months.push(next);
  }
  return months;
}

export type RevenueRow = {
  month: string;
  forecastCents: number;
  actualCents: number;
  cumulativeForecastCents: number;
  cumulativeActualCents: number;
};

export async function revenueTable(context: ProjectContext, contract: IHeadContract, today: string) {
  const kept = await context.em.find(
    RevenueMonth,
    { headContract: contract.id, project: context.project.id },
    { orderBy: { month: "asc" } },
  );
  const byMonth = new Map(kept.map((row) => [monthOf(dayOfDateColumn(row.month) ?? ""), row]));
  const months = [...new Set([...contractMonths(contract, today), ...byMonth.keys()])].sort();
  let forecast = 0;
  let actual = 0;
  const rows: RevenueRow[] = months.slice(0, UPSTREAM_LIMITS.revenueMonths).map((month) => {
    const row = byMonth.get(month);
    const forecastCents = row ? Number(row.forecastCents) : 0;
    const actualCents = row ? Number(row.actualCents) : 0;
    forecast += forecastCents;
    actual += actualCents;
    return {
      month,
      forecastCents,
      actualCents,
      cumulativeForecastCents: forecast,
      cumulativeActualCents: actual,
    };
  });
  return { rows, totals: { forecastCents: forecast, actualCents: actual } };
}

/** Saves the whole table in one transaction: each month upserted, a month with nothing in it removed. */
export async function saveRevenue(context: ProjectContext, contract: IHeadContract, formData: FormData) {
  if (!context.can(P.edit)) throw new Response("Forbidden", { status: 403 });
  const submission = parseWithZod(formData, { schema: revenueSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const months = submission.value.months;
  await context.em.transactional(async (tx) => {
    const kept = await tx.find(RevenueMonth, { headContract: contract.id, project: context.project.id });
    const byMonth = new Map(kept.map((row) => [monthOf(dayOfDateColumn(row.month) ?? ""), row]));
    for (const { month, forecast, actual } of months) {
      const row = byMonth.get(month);
      if (!forecast && !actual) {
        if (row) tx.remove(row);
        continue;
      }
      if (row) tx.assign(row, { forecastCents: forecast ?? 0, actualCents: actual ?? 0 });
      else
        tx.create(RevenueMonth, {
          project: context.project.id,
          headContract: contract.id,
          month: `${month}-01`,
          forecastCents: forecast ?? 0,
          actualCents: actual ?? 0,
        } as never);
    }
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: HEAD_CONTRACT_ENTITY_TYPE,
      entityId: contract.id,
      action: "revenue-updated",
      after: { months: months.length },
    });
  });
  return redirectWithToast(upstreamPath("revenue"), {
    type: "success",
    message: "cost-and-commercial:upstream.toast.revenueSaved",
  });
}
