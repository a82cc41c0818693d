import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { createHeadContract, headContractOf } from "../server/head-contract.server";
import { upstreamPath } from "../server/upstream-basics";
import { HeadContractForm } from "../ui/head-contract-form";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "New head contract | SiteProof" }];

/** One head contract a project: once it exists, this page leads to it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  if (await headContractOf(context)) throw redirect(upstreamPath());
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createHeadContract(context, await readForm(request));
}

export default function CreateHeadContractPage() {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useUpstreamText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("cost-and-commercial:headContract.createTitle")}
      </h1>
      <p className="text-sm text-slate-600">{t("cost-and-commercial:headContract.createIntro")}</p>
      <HeadContractForm mode="create" lastResult={lastResult} />
    </div>
  );
}
