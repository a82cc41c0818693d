import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { LinkTabs, selectedLinkTab } from "~/app/ui/link-tabs";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import {
  DOCKET_INTENTS,
  DOCKET_TABS,
  DOCKETS_PATH,
  type DocketTab,
  docketEditPath,
} from "../server/docket-basics";
import { loadDocketDetail } from "../server/docket-detail.server";
import { docketFileStore } from "../server/docket-files.server";
import { docketPostingData } from "../server/docket-posting.server";
import { docketSigningData } from "../server/docket-signing.server";
import { addDocketComment, docketById, transitionDocket } from "../server/dockets.server";
import { DocketPostingPanel } from "../ui/docket-posting-panel";
import { DocketSigningPanel } from "../ui/docket-signing-panel";
import { DocketStatusBadge } from "../ui/docket-status-badge";
import { useDocketText } from "../ui/docket-text";
import {
  DocketActivityTab,
  DocketAttachmentsTab,
  DocketCommentsTab,
  DocketDetailsTab,
  DocketItemsTab,
  DocketSteps,
} from "../ui/docket-view";

export const handle = { i18n: ["dockets", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.docket.number ?? "Docket"} | SiteProof` },
];

const TABS = DOCKET_TABS.map((value) => ({ value, label: value }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const docket = await docketById(context, params.id);
  const tab = selectedLinkTab(new URL(request.url).searchParams, TABS) as DocketTab;
  // The signing link and the ACC posting state sit under the Details tab's fields.
  const onDetails = tab === "details";
  return {
    docket: await loadDocketDetail(context, docket, tab),
    signing: onDetails ? await docketSigningData(context, docket) : null,
    posting: onDetails ? await docketPostingData(context, docket) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const docket = await docketById(context, params.id);
  if (intent === DOCKET_INTENTS.transition)
    return transitionDocket(context, docket.id, formData, (id) => docketFileStore.removeAll(context, id));
  if (intent === DOCKET_INTENTS.comment) return addDocketComment(context, docket, formData);
  if (intent === DOCKET_INTENTS.fileDelete)
    return docketFileStore.remove(context, docket, formData.get("fileId"));
  throw new Response("Unknown intent", { status: 400 });
}

export default function DocketDetailPage() {
  const { docket, signing, posting } = useLoaderData<typeof loader>();
  const { t } = useDocketText();
  const tab = selectedLinkTab(useLocation().search, TABS) as DocketTab;
  return (
    <DetailPage
      back={{ to: DOCKETS_PATH, label: t("dockets:detail.back") }}
      title={docket.company ? `${docket.number} ${docket.company}` : docket.number}
      meta={<DocketStatusBadge status={docket.status} />}
      actions={
        docket.can.edit ? (
          <Link to={docketEditPath(docket.id)} className={buttonClass("secondary")}>
            {t("dockets:detail.edit")}
          </Link>
        ) : null
      }
      toolbar={<DocketSteps docket={docket} />}
    >
      <LinkTabs
        label={t("dockets:detail.tabsLabel")}
        tabs={DOCKET_TABS.map((value) => ({ value, label: t(`dockets:detail.tabs.${value}`) }))}
      >
        {tab === "items" ? (
          <DocketItemsTab docket={docket} />
        ) : tab === "attachments" ? (
          <DocketAttachmentsTab docket={docket} />
        ) : tab === "activity" ? (
          <DocketActivityTab docket={docket} />
        ) : tab === "comments" ? (
          <DocketCommentsTab docket={docket} />
        ) : (
          <DocketDetailsTab
            docket={docket}
            panels={
              <>
                {signing ? <DocketSigningPanel signing={signing} /> : null}
                {posting ? <DocketPostingPanel posting={posting} /> : null}
              </>
            }
          />
        )}
      </LinkTabs>
    </DetailPage>
  );
}
