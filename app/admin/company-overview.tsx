import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { formatDateTime } from "~/app/utils/format";
import { CompanyForm, type CompanyFormValues } from "./company-form";
import { useAdminMessages } from "./company-messages";
import { CompanyStatusBadge } from "./company-status";

type CompanyOverviewProps = {
  company: CompanyFormValues & { id: string; createdAt: string; updatedAt: string };
  canEdit: boolean;
  schema: z.ZodType<any>;
  lastResult: SubmissionResult<string[]> | null;
};

const READ_ONLY_FIELDS = [
  "trade",
  "erpPartnerCompanyId",
  "taxId",
  "phone",
  "address",
  "country",
  "description",
] as const;

/** Spec 3's company fields: a form for those who may edit, a read-only list for the others. */
export function CompanyOverview({ company, canEdit, schema, lastResult }: CompanyOverviewProps) {
  const { t, locale } = useAdminMessages();
  const dates = (
    <dl className="grid gap-4 text-sm sm:grid-cols-2">
      <Entry label={t("companies:fields.createdAt")} value={formatDateTime(company.createdAt, locale)} />
      <Entry label={t("companies:fields.updatedAt")} value={formatDateTime(company.updatedAt, locale)} />
    </dl>
  );
  if (!canEdit) {
    return (
      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Entry label={t("companies:fields.name")} value={company.name} />
          <Entry
            label={t("companies:fields.status")}
            value={<CompanyStatusBadge status={company.status} />}
          />
          {READ_ONLY_FIELDS.map((field) => (
            <Entry
              key={field}
              label={t(`companies:fields.${field}`)}
              value={company[field] ?? "-"}
              wide={field === "description" || field === "address"}
            />
          ))}
        </dl>
        {dates}
      </section>
    );
  }
  return (
    <section
      aria-label={t("companies:detail.editTitle")}
      className="space-y-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      {dates}
      <CompanyForm
        // A new key after a save resets the fields to what was stored.
        key={company.updatedAt}
        id="company-update"
        schema={schema}
        intent="update"
        defaultValue={company}
        lastResult={lastResult}
        submitLabel={t("companies:actions.save")}
      />
    </section>
  );
}

function Entry({ label, value, wide }: { label: string; value: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 whitespace-pre-line text-slate-900">{value}</dd>
    </div>
  );
}
