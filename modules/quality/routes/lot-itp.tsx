import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { loadLotItpTab, lotItpTabAction } from "../server/lot-itp.server";
import { LotFrame } from "../ui/lot-frame";
import { LotItpAssign, LotItpAssigned } from "../ui/lot-itp-assigned";
import { LotItpItrs } from "../ui/lot-itp-itrs";
import { type RefusedForm, useReportMessages } from "../ui/lot-itp-messages";

export const handle = { i18n: ["quality", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.lot.number ?? "Lot"} ITP | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  return loadLotItpTab(context, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  const formData = await readForm(request);
  requireIntent(context, formData);
  return lotItpTabAction(context, params.id, formData);
}

export default function LotItpTab() {
  const data = useLoaderData<typeof loader>();
  const refused = (useActionData<typeof action>() ?? null) as RefusedForm | null;
  const { t } = useReportMessages();
  return (
    <LotFrame lot={data.lot} active="itp">
      <div className="space-y-8">
        {data.lockedMessage ? (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t(data.lockedMessage)}
          </p>
        ) : null}
        <section aria-labelledby="lot-itps" className="space-y-4">
          <h2 id="lot-itps" className="text-lg font-semibold text-slate-900">
            {t("quality:report.itpTab.heading")}
          </h2>
          <LotItpAssign data={data} refused={refused} />
          <LotItpAssigned data={data} refused={refused} />
        </section>
        <LotItpItrs lotId={data.lot.id} itrs={data.itrs} canUpload={data.can.uploadItr} />
      </div>
    </LotFrame>
  );
}
