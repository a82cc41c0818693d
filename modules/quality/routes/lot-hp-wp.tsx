import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { HOLD_WITNESS_POINTS } from "../domain/inspection-points";
import { loadLotFrame } from "../server/lot-frame.server";
import { assignedItpsOf } from "../server/lot-itp.server";
import { LotFrame } from "../ui/lot-frame";
import { LotHoldWitnessPoints } from "../ui/lot-hold-witness-points";

export const handle = { i18n: ["quality", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.frame.number ?? "Lot"} HP/WP | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const frame = await loadLotFrame(context, params.id);
  // The ITP tab's reading of the lot's plans and checks, narrowed to the hold and witness points.
  const itps = (await assignedItpsOf(context.em, frame)).map((itp) => ({
    ...itp,
    items: itp.items.filter((item) => HOLD_WITNESS_POINTS.includes(item.inspectionPoint)),
  }));
  return { frame, itps };
}

export default function LotHoldWitnessPage() {
  const { frame, itps } = useLoaderData<typeof loader>();
  return (
    <LotFrame lot={frame} active="hp-wp">
      <LotHoldWitnessPoints itps={itps} />
    </LotFrame>
  );
}
