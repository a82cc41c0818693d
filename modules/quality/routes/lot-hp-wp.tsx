import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadLotFrame } from "../server/lot-frame.server";
import { loadHoldWitnessPoints } from "../server/lots.server";
import { LotFrame } from "../ui/lot-frame";
import { LotHoldWitnessPoints } from "../ui/lot-hold-witness-points";

export const handle = { i18n: ["quality", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.frame.number ?? "Lot"} HP/WP | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const frame = await loadLotFrame(context, params.id);
  return { frame, itps: await loadHoldWitnessPoints(context.em, context.project.id, frame.id) };
}

export default function LotHoldWitnessPage() {
  const { frame, itps } = useLoaderData<typeof loader>();
  return (
    <LotFrame lot={frame} active="hp-wp">
      <LotHoldWitnessPoints itps={itps} />
    </LotFrame>
  );
}
