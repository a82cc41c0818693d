import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { DOWNSTREAM_PERMISSIONS } from "../domain/downstream-workflow";
import { subcontractPath } from "../server/downstream-basics";
import {
  canEditSubcontract,
  editSubcontract,
  subcontractCompanyChoices,
  subcontractFormValues,
} from "../server/subcontract.server";
import { requireSubcontract } from "../server/subcontract-lookup.server";
import { SubcontractForm } from "../ui/subcontract-form";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "Edit subcontract | SiteProof" }];

/** Until it is executed or void; its company only for holders of edit-supplier. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  if (!canEditSubcontract(context, subcontract)) throw new Response("Forbidden", { status: 403 });
  const canChangeCompany = context.can(DOWNSTREAM_PERMISSIONS.editSupplier);
  const companies = await subcontractCompanyChoices(context.em, context.project.id);
  const current = { value: subcontract.company.id, label: subcontract.company.name };
  return {
    id: subcontract.id,
    code: subcontract.code,
    values: subcontractFormValues(subcontract),
    companies: companies.some((company) => company.value === current.value)
      ? companies
      : [current, ...companies],
    canChangeCompany,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  return editSubcontract(context, subcontract, await readForm(request));
}

export default function EditSubcontractPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useUpstreamText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("cost-and-commercial:subcontract.editTitle", { code: page.code })}
      </h1>
      <SubcontractForm
        mode="edit"
        lastResult={lastResult}
        defaultValue={page.values}
        companies={page.companies}
        canChangeCompany={page.canChangeCompany}
        cancelTo={subcontractPath(page.id)}
      />
    </div>
  );
}
