import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadPointEvidence, uploadPointEvidence } from "../server/point-detail.server";
import { LotFrame } from "../ui/lot-frame";
import { useReportMessages } from "../ui/lot-itp-messages";
import { EvidenceList, EvidenceUpload } from "../ui/point-detail";

export const handle = { i18n: ["quality", "common", "uploads", "ui"] };

export const meta: MetaFunction = () => [{ title: "Evidence | SiteProof" }];

/** A point's evidence files (`:itpId` the ITP item's id); one file with `?file=<id>`. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return loadPointEvidence(
    context,
    params.lotId,
    params.itpId,
    new URL(request.url).searchParams.get("file"),
  );
}

/** A member adds evidence (multipart, 100 MB), while the point is not final. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return uploadPointEvidence(context, params.lotId, params.itpId, request);
}

export default function LotPointEvidencePage() {
  const data = useLoaderData<typeof loader>() as Exclude<Awaited<ReturnType<typeof loader>>, Response>;
  const { t } = useReportMessages();
  return (
    <LotFrame lot={data.frame} active="hp-wp">
      <div className="space-y-4">
        <Link
          to={`/quality/lot/${data.frame.id}/hp-wp/${data.point.itemId}`}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          ← {data.point.itpNumber} #{data.point.position} {data.point.activity}
        </Link>
        <h2 className="text-lg font-semibold text-slate-900">{t("quality:hpWpClient.detail.evidence")}</h2>
        <EvidenceList files={data.files} />
        {data.canAddEvidence ? <EvidenceUpload lotId={data.frame.id} itemId={data.point.itemId} /> : null}
      </div>
    </LotFrame>
  );
}
