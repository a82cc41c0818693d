import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { PageHeader } from "~/app/ui/page-header";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { deleteIndirectCost, loadIndirectPage } from "../server/indirect-costs.server";
import { INDIRECT_CREATE_PATH, INDIRECT_INTENTS } from "../server/subcontract-changes-basics";
import { IndirectList, IndirectMonthFilter, IndirectTotals } from "../ui/indirect-costs";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction = () => [{ title: "Indirect costs | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return loadIndirectPage(context, new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  if (intent === INDIRECT_INTENTS.delete) return deleteIndirectCost(context, formData);
  throw new Response("Unknown intent", { status: 400 });
}

/** /cost-and-commercial/indirect: the project's indirect costs by month, with budget, actual and variance. */
export default function IndirectCostsPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useUpstreamText();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("cost-and-commercial:indirect.title")}
        description={t("cost-and-commercial:indirect.intro")}
        actions={
          page.can.create ? (
            <Link to={INDIRECT_CREATE_PATH} className={buttonClass("primary")}>
              {t("cost-and-commercial:indirect.new")}
            </Link>
          ) : null
        }
      />
      <IndirectMonthFilter month={page.month} />
      <IndirectTotals totals={page.totals} />
      <IndirectList list={page.list} can={page.can} />
    </div>
  );
}
