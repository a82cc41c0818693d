import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { listLotLinksOf } from "../server/lot-client-links.server";
import { loadLotHpWpTab, runPointStep } from "../server/lot-hp-wp.server";
import { LotFrame } from "../ui/lot-frame";
import { LotHoldWitnessPoints } from "../ui/lot-hold-witness-points";
import type { RefusedForm } from "../ui/lot-itp-messages";

export const handle = { i18n: ["quality", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.frame.number ?? "Lot"} HP/WP | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const tab = await loadLotHpWpTab(context, params.id);
  return { ...tab, clientLinks: await listLotLinksOf(context, tab.frame.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // The step's permission is the point table's (manifest: the "point" intent names its workflow).
  requireIntent(context, formData);
  return runPointStep(context, params.id, formData);
}

export default function LotHoldWitnessPage() {
  const data = useLoaderData<typeof loader>();
  const refused = (useActionData<typeof action>() ?? null) as RefusedForm | null;
  return (
    <LotFrame lot={data.frame} active="hp-wp">
      <LotHoldWitnessPoints data={data} refused={refused} />
    </LotFrame>
  );
}
