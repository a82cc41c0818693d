import { DetailPage } from "~/app/ui/detail-page";
import type { ContractStatus } from "../domain/vocabularies";
import { DOWNSTREAM_PATH, type SubcontractTab } from "../server/downstream-basics";
import { SubcontractTabs } from "./subcontract-tabs";
import { ContractStatusBadge, useUpstreamText } from "./upstream-text";

export type SubcontractHeading = { id: string; code: string; title: string; status: ContractStatus };

/** A subcontract's page: titled with its code and title, its status, its tabs, then the tab's content. */
export function SubcontractFrame({
  subcontract,
  current,
  actions,
  children,
}: {
  subcontract: SubcontractHeading;
  current: SubcontractTab;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { t } = useUpstreamText();
  return (
    <DetailPage
      back={{ to: DOWNSTREAM_PATH, label: t("cost-and-commercial:variation.page.back") }}
      title={`${subcontract.code} ${subcontract.title}`}
      meta={<ContractStatusBadge status={subcontract.status} />}
      actions={actions}
    >
      <div className="space-y-4">
        <SubcontractTabs subcontractId={subcontract.id} current={current} />
        {children}
      </div>
    </DetailPage>
  );
}

/** What a subcontract page's loader sends for its frame. */
export const subcontractHeading = (subcontract: SubcontractHeading): SubcontractHeading => ({
  id: subcontract.id,
  code: subcontract.code,
  title: subcontract.title,
  status: subcontract.status,
});
