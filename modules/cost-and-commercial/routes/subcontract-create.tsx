import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { DOWNSTREAM_PATH } from "../server/downstream-basics";
import { createSubcontract, subcontractCompanyChoices } from "../server/subcontract.server";
import { SubcontractForm } from "../ui/subcontract-form";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "New subcontract | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  return { companies: await subcontractCompanyChoices(em, project.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createSubcontract(context, await readForm(request));
}

export default function CreateSubcontractPage() {
  const { companies } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useUpstreamText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("cost-and-commercial:subcontract.createTitle")}
      </h1>
      <p className="text-sm text-slate-600">{t("cost-and-commercial:subcontract.createIntro")}</p>
      <SubcontractForm
        mode="create"
        lastResult={lastResult}
        companies={companies}
        canChangeCompany
        cancelTo={DOWNSTREAM_PATH}
      />
    </div>
  );
}
