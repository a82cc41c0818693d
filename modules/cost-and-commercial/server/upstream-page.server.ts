import { dayOfDateColumn } from "~/server/db/date-column";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { UPSTREAM_PERMISSIONS } from "../domain/head-contract-workflow";
import type { IHeadContract } from "../entities";
import { complianceDocuments } from "./compliance.server";
import { headClaimRegister } from "./head-claim.server";
import { canEditHeadContract, headContractSteps, percentOfBasisPoints } from "./head-contract.server";
import { packageSyncTab } from "./package-sync.server";
import { revenueTable } from "./revenue.server";
import { rfaRegister, siteToday } from "./rfa.server";
import type { UpstreamTab } from "./upstream-basics";

/** What /cost-and-commercial/upstream shows: the head contract, its steps, and the selected tab's rows only. */

const P = UPSTREAM_PERMISSIONS;

export async function loadUpstreamPage(context: ProjectContext, contract: IHeadContract, tab: UpstreamTab) {
  const head = {
    id: contract.id,
    code: contract.code,
    description: contract.description,
    client: contract.client,
    type: contract.type,
    status: contract.status,
    contractSumCents: Number(contract.contractSumCents),
    jurisdiction: contract.jurisdiction,
    retentionPercent: percentOfBasisPoints(contract.retentionBasisPoints),
    paymentScheduleDays: contract.paymentScheduleDays ?? null,
    paymentDays: contract.paymentDays ?? null,
    startDate: dayOfDateColumn(contract.startDate),
    completionDate: dayOfDateColumn(contract.completionDate),
    steps: headContractSteps(context, contract),
  };
  const can = {
    edit: canEditHeadContract(context, contract),
    create: context.can(P.create),
    delete: context.can(P.delete),
    editRows: context.can(P.edit),
    download: context.can(P.download),
  };
  const tabData =
    tab === "claims"
      ? { claims: await headClaimRegister(context.em, contract) }
      : tab === "compliance"
        ? { compliance: await complianceDocuments(context, contract) }
        : tab === "revenue"
          ? { revenue: await revenueTable(context, contract, await siteToday(context)) }
          : tab === "rfa"
            ? { rfas: await rfaRegister(context, contract) }
            : tab === "packages"
              ? { packages: await packageSyncTab(context) }
              : {};
  return { contract: head, can, ...tabData };
}
