import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadPointDetail } from "../server/point-detail.server";
import { LotFrame } from "../ui/lot-frame";
import { PointDetail } from "../ui/point-detail";

export const handle = { i18n: ["quality", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data?.frame.number ?? "Lot"} ${data?.point.itpNumber ?? ""} #${data?.point.position ?? ""} | SiteProof`,
  },
];

/** A hold or witness point of the lot: `:itpId` is the ITP item's id (the point is the lot × the item). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return loadPointDetail(context, params.lotId, params.itpId);
}

export default function LotPointPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <LotFrame lot={data.frame} active="hp-wp">
      <PointDetail data={data} />
    </LotFrame>
  );
}
