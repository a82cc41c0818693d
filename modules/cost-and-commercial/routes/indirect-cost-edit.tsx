import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DetailPage } from "~/app/ui/detail-page";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { INDIRECT_PATH } from "../server/downstream-basics";
import {
  indirectCategories,
  indirectCostById,
  indirectFormValues,
  updateIndirectCost,
} from "../server/indirect-costs.server";
import { IndirectCostForm } from "../ui/indirect-cost-form";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction = () => [{ title: "Edit indirect cost | SiteProof" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const cost = await indirectCostById(context, params.costId);
  return { values: indirectFormValues(cost), categories: await indirectCategories(context) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const cost = await indirectCostById(context, params.costId);
  return updateIndirectCost(context, cost, await readForm(request));
}

/** A line of indirect cost, edited. */
export default function EditIndirectCostPage() {
  const { values, categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useUpstreamText();
  return (
    <DetailPage
      back={{ to: INDIRECT_PATH, label: t("cost-and-commercial:indirect.title") }}
      title={t("cost-and-commercial:indirect.editTitle", { description: values.description })}
    >
      <IndirectCostForm lastResult={lastResult} defaultValue={values} categories={categories} editing />
    </DetailPage>
  );
}
