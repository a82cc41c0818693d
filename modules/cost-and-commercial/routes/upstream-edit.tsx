import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import {
  canEditHeadContract,
  editHeadContract,
  headContractFormValues,
  requireHeadContract,
} from "../server/head-contract.server";
import { HeadContractForm } from "../ui/head-contract-form";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "Edit head contract | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const contract = await requireHeadContract(context);
  if (!canEditHeadContract(context, contract)) throw new Response("Forbidden", { status: 403 });
  return { code: contract.code, values: headContractFormValues(contract) };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const contract = await requireHeadContract(context);
  return editHeadContract(context, contract, await readForm(request));
}

export default function EditHeadContractPage() {
  const { code, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useUpstreamText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("cost-and-commercial:headContract.editTitle", { code })}
      </h1>
      <HeadContractForm mode="edit" lastResult={lastResult} defaultValue={values} />
    </div>
  );
}
