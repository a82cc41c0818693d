import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DetailPage } from "~/app/ui/detail-page";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { INDIRECT_PATH } from "../server/downstream-basics";
import { createIndirectCost, indirectCategories } from "../server/indirect-costs.server";
import { IndirectCostForm } from "../ui/indirect-cost-form";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction = () => [{ title: "New indirect cost | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return { categories: await indirectCategories(context) };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createIndirectCost(context, await readForm(request));
}

/** A line of indirect cost: its category, description, month, budget and actual. */
export default function NewIndirectCostPage() {
  const { categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useUpstreamText();
  return (
    <DetailPage
      back={{ to: INDIRECT_PATH, label: t("cost-and-commercial:indirect.title") }}
      title={t("cost-and-commercial:indirect.createTitle")}
    >
      <IndirectCostForm lastResult={lastResult} categories={categories} editing={false} />
    </DetailPage>
  );
}
