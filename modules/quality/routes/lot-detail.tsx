import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { loadLotFrame } from "../server/lot-frame.server";
import {
  addEquipment,
  addRelation,
  removeEquipment,
  removeRelation,
  saveDtiAudit,
} from "../server/lot-records.server";
import { isLotEditable, LOT_INTENTS } from "../server/lot-rules";
import { transitionLotOrToast } from "../server/lot-workflow.server";
import { loadLotDetail, lotById, placeOf, relatableLotNumbers } from "../server/lots.server";
import { ncrsOfLot } from "../server/ncrs.server";
import { LotActivityList } from "../ui/lot-activity";
import { SendReviewLinkButton } from "../ui/lot-client-links";
import { LotEquipmentSection, LotFieldsView, LotRelationsSection } from "../ui/lot-detail-sections";
import { LotDtiAuditSection } from "../ui/lot-dti-audit";
import { LotFrame } from "../ui/lot-frame";
import { LotNcrSection } from "../ui/lot-ncrs";

export const handle = { i18n: ["quality", "common", "locations"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.frame.number ?? "Lot"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const { em, project, can } = context;
  const frame = await loadLotFrame(context, params.id);
  const lot = await lotById(em, project.id, frame.id);
  const canEditRecords = can("quality.lot.edit") && isLotEditable(lot);
  const [detail, relatable, ncrRows] = await Promise.all([
    loadLotDetail(em, project.id, lot),
    canEditRecords ? relatableLotNumbers(em, project.id, lot.id) : Promise.resolve([]),
    can("quality.ncr.view") ? ncrsOfLot(em, project.id, lot.id) : Promise.resolve(null),
  ]);
  // A product NCR is raised on any lot but a cancelled one (raiseNcr refuses it too).
  const ncrs = ncrRows && {
    rows: ncrRows,
    canRaise: can("quality.ncr.create") && lot.status !== "cancelled",
  };
  return {
    frame,
    detail,
    relatable,
    ncrs,
    canEditRecords,
    canSignDti: can("quality.lot.lot-dti-sign"),
    // While the lot waits for the client, QA mails the client the lot's review link (the client links page).
    canSendReviewLink:
      frame.status === "confirming" && frame.subStatus === "external_review" && can("quality.lot.qa-review"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // What each intent needs is declared in the manifest (the transition's, step by step in the lot table).
  const intent = requireIntent(context, formData);
  const lot = await lotById(context.em, context.project.id, params.id);
  const place = placeOf(context);
  switch (intent) {
    case LOT_INTENTS.transition:
      return transitionLotOrToast(place, lot.id, grantedKeysOf(context), formData);
    case LOT_INTENTS.equipmentAdd:
      return addEquipment(place, lot, formData);
    case LOT_INTENTS.equipmentRemove:
      return removeEquipment(place, lot, formData);
    case LOT_INTENTS.relationAdd:
      return addRelation(place, lot, formData);
    case LOT_INTENTS.relationRemove:
      return removeRelation(place, lot, formData);
    case LOT_INTENTS.dtiSave:
      return saveDtiAudit(place, lot, formData);
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

export default function LotDetailPage() {
  const { frame, detail, relatable, ncrs, canEditRecords, canSignDti, canSendReviewLink } =
    useLoaderData<typeof loader>();
  return (
    <LotFrame
      lot={frame}
      active="detail"
      activity={<LotActivityList activity={detail.activity} />}
      actions={canSendReviewLink ? <SendReviewLinkButton lotId={frame.id} /> : null}
    >
      <div className="space-y-6">
        <LotFieldsView values={detail.values} />
        <div className="grid gap-4 lg:grid-cols-2">
          <LotEquipmentSection lotId={frame.id} equipment={detail.equipment} canEdit={canEditRecords} />
          <LotRelationsSection
            lotId={frame.id}
            relations={detail.relations}
            relatable={relatable}
            canEdit={canEditRecords}
          />
        </div>
        <LotDtiAuditSection lotId={frame.id} dti={detail.dti} canSign={canSignDti} />
        {ncrs ? <LotNcrSection lotId={frame.id} ncrs={ncrs} /> : null}
      </div>
    </LotFrame>
  );
}
