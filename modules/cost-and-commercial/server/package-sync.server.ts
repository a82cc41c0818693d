import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { accCostClientFor } from "~/plugins/acc/index.server";
import { projectAccCost } from "~/server/acc/cost-connection.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { defineJob, enqueueJob, latestJobRun } from "~/server/jobs/jobs.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { UPSTREAM_PERMISSIONS } from "../domain/head-contract-workflow";
import { CostPackage, type ICostPackage } from "../entities";
import { upstreamPath } from "./upstream-basics";

/**
 * Package sync (decision 044): the project's ACC Cost Management budgets and contracts, read through the
 * project's connection and kept as CostPackage rows. Reading ACC happens outside any transaction (a network
 * call); the rows are then replaced in one transaction — upserted by (type, ACC id), the ones ACC no longer
 * lists removed — so the tab always shows one whole reading and when it was taken. Without a connection the
 * tab says "not connected" and offers no sync.
 */

const P = UPSTREAM_PERMISSIONS;
export const PACKAGE_SYNC_KIND = "cost-and-commercial.package-sync";
const subjectOf = (projectId: string) => ({ type: "project", id: projectId });

type PackageRead = {
  packageType: "budget" | "contract";
  externalId: string;
  code: string;
  name: string;
  amountCents: number;
};

/** Reads ACC, then replaces the project's packages in one transaction; returns the counts. */
export async function syncPackages(em: EntityManager, projectId: string, at = new Date()) {
  const { settings } = await projectAccCost(em, projectId);
  const { client, containerId } = accCostClientFor(settings);
  const budgets = await client.listBudgets(containerId);
  const contracts = await client.listContracts(containerId);
  const read: PackageRead[] = [
    ...budgets.map((budget) => ({
      packageType: "budget" as const,
      externalId: budget.id,
      code: budget.code,
      name: budget.name,
      amountCents: budget.revisedCents ?? budget.originalAmountCents ?? 0,
    })),
    ...contracts.map((contract) => ({
      packageType: "contract" as const,
      externalId: contract.id,
      code: contract.code,
      name: contract.name,
      amountCents: contract.awardedCents ?? 0,
    })),
  ];
  await em.transactional(async (tx) => {
    const kept = await tx.find(CostPackage, { project: projectId });
    const keyOf = (row: { packageType: string; externalId: string }) =>
      `${row.packageType}|${row.externalId}`;
    const byKey = new Map(kept.map((row) => [keyOf(row), row]));
    const seen = new Set<string>();
    for (const row of read) {
      const key = keyOf(row);
      if (seen.has(key)) continue;
      seen.add(key);
      const values = {
        code: row.code.slice(0, 100),
        name: row.name.slice(0, 300),
        amountCents: row.amountCents,
        syncedAt: at,
      };
      const existing = byKey.get(key);
      if (existing) tx.assign(existing, values);
      else
        tx.create(CostPackage, {
          project: projectId,
          packageType: row.packageType,
          externalId: row.externalId.slice(0, 100),
          ...values,
        } as never);
    }
    for (const row of kept) if (!seen.has(keyOf(row))) tx.remove(row);
  });
  return { budgets: budgets.length, contracts: contracts.length };
}

export const packageSyncJob = defineJob(PACKAGE_SYNC_KIND, async ({ em, run }) => {
  if (!run.project) throw new Error("Package sync belongs to a project");
  return syncPackages(em, run.project.id);
});

/** What the Package sync tab shows: connected or not, the packages, when they were read, the latest run. */
export async function packageSyncTab(context: ProjectContext) {
  const { status } = await projectAccCost(context.em, context.project.id);
  const packages = await context.em.find(
    CostPackage,
    { project: context.project.id },
    { orderBy: { packageType: "asc", code: "asc", id: "asc" } },
  );
  const run = await latestJobRun(context.em, {
    kind: PACKAGE_SYNC_KIND,
    projectId: context.project.id,
    subject: subjectOf(context.project.id),
  });
  const syncedAt = packages.reduce<Date | null>(
    (latest, row) => (!latest || row.syncedAt > latest ? row.syncedAt : latest),
    null,
  );
  return {
    connected: status.connected,
    canSync: status.connected && context.can(P.edit),
    syncedAt: syncedAt?.toISOString() ?? null,
    run: run ? { status: run.status, error: run.error ?? null } : null,
    packages: packages.map((row: ICostPackage) => ({
      id: row.id,
      packageType: row.packageType,
      code: row.code,
      name: row.name,
      amountCents: Number(row.amountCents),
    })),
  };
}

/** Queues a sync (the job reads ACC); refused, changing nothing, without a connection. */
export async function requestPackageSync(context: ProjectContext) {
  if (!context.can(P.edit)) throw new Response("Forbidden", { status: 403 });
  const { status } = await projectAccCost(context.em, context.project.id);
  if (!status.connected)
    return data(
      { status: "error", error: { "": [message("cost-and-commercial:packages.notConnected")] } },
      { status: 409 },
    );
  await enqueueJob(context.em, {
    kind: PACKAGE_SYNC_KIND,
    projectId: context.project.id,
    subject: subjectOf(context.project.id),
    requestedBy: context.user.id,
  });
  return redirectWithToast(upstreamPath("packages"), {
    type: "success",
    message: "cost-and-commercial:upstream.toast.packageSyncQueued",
  });
}
