import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { LinkTabs, selectedLinkTab } from "~/app/ui/link-tabs";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { permitPath } from "../server/permit-basics";
import { MEETINGS_PATH, TALK_INTENTS, talkEditPath } from "../server/talk-basics";
import { deleteTalk, loadTalkDetail, openTalkSignOn, revokeTalkSignOn } from "../server/talk-detail.server";
import { deleteTalkPhoto } from "../server/talk-photos.server";
import { canOnKind, requireTalkEdit, talkById } from "../server/talks.server";
import { TalkKindBadge, useTalkText } from "../ui/talk-text";
import {
  SignatureShown,
  TalkActivity,
  TalkAttendance,
  TalkDelete,
  TalkPhotos,
  TalkSignOn,
} from "../ui/talk-view";

export const handle = { i18n: ["safety", "common", "uploads", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.talk.number ?? "Talk"} | SiteProof` },
];

const TABS = [
  { value: "details", label: "details" },
  { value: "activity", label: "activity" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const talk = await talkById(context, params.id);
  const tab =
    selectedLinkTab(new URL(request.url).searchParams, TABS) === "activity" ? "activity" : "details";
  return {
    talk: await loadTalkDetail(context, talk, tab),
    canEdit: canOnKind(context, talk.kind, "edit"),
    canDelete: canOnKind(context, talk.kind, "delete"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // Each intent's permission (any kind's) is declared in the manifest; the talk's own kind's is checked here.
  const intent = requireIntent(context, formData);
  const talk = await talkById(context, params.id);
  if (intent === TALK_INTENTS.delete) return deleteTalk(context, talk, formData);
  requireTalkEdit(context, talk);
  if (intent === TALK_INTENTS.signOnOpen) return openTalkSignOn(context, talk);
  if (intent === TALK_INTENTS.signOnRevoke) return revokeTalkSignOn(context, talk, formData);
  if (intent === TALK_INTENTS.photoDelete) return deleteTalkPhoto(context, talk, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function TalkDetailPage() {
  const { talk, canEdit, canDelete } = useLoaderData<typeof loader>();
  const { t, locale } = useTalkText();
  const tab = selectedLinkTab(useLocation().search, TABS);
  const none = t("safety:talk.detail.notSet");
  const field = (name: string) => t(`safety:talk.fields.${name}`);
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: field("kind"), value: <TalkKindBadge kind={talk.kind} /> },
    { label: field("heldOn"), value: talk.heldOn ? formatDate(talk.heldOn, locale) : none },
    { label: field("supervisor"), value: talk.supervisor ?? none },
    { label: field("location"), value: talk.location ?? none },
    { label: field("workPackage"), value: talk.workPackage ?? none },
    { label: field("subActivity"), value: talk.subActivity ?? none },
    {
      label: field("permit"),
      value: talk.permit ? (
        <Link to={permitPath(talk.permit.id)} className="record-link">
          {talk.permit.number} {talk.permit.title}
        </Link>
      ) : (
        none
      ),
    },
    { label: field("createdBy"), value: talk.createdBy ?? none },
    { label: field("createdAt"), value: formatDateTime(talk.createdAt, locale) },
    {
      label: field("signature"),
      value: <SignatureShown signature={talk.signature} alt={t("safety:talk.detail.signatureAlt")} />,
    },
  ];
  return (
    <DetailPage
      back={{ to: `${MEETINGS_PATH}?tab=${talk.kind}`, label: t("safety:talk.detail.back") }}
      title={`${talk.number} ${talk.title}`}
      actions={
        canEdit ? (
          <Link to={talkEditPath(talk.id)} className={buttonClass("secondary")}>
            {t("safety:talk.detail.edit")}
          </Link>
        ) : null
      }
    >
      <LinkTabs
        label={t("safety:talk.detail.tabsLabel")}
        tabs={[
          { value: "details", label: t("safety:talk.detail.tabs.details") },
          { value: "activity", label: t("safety:talk.detail.tabs.activity") },
        ]}
      >
        {tab === "activity" ? (
          <TalkActivity activity={talk.activity} />
        ) : (
          <div className="space-y-4">
            <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
              <dl className="grid gap-3 sm:grid-cols-2">
                {rows.map((row) => (
                  <div key={row.label} className="min-w-0">
                    <dt className="text-xs font-medium text-slate-500">{row.label}</dt>
                    <dd className="break-words text-sm text-slate-900">{row.value}</dd>
                  </div>
                ))}
              </dl>
              {talk.talkingPoints ? (
                <div>
                  <h2 className="text-xs font-medium text-slate-500">{field("talkingPoints")}</h2>
                  <p className="whitespace-pre-line text-sm text-slate-800">{talk.talkingPoints}</p>
                </div>
              ) : null}
              {talk.comment ? (
                <div>
                  <h2 className="text-xs font-medium text-slate-500">{field("comment")}</h2>
                  <p className="whitespace-pre-line text-sm text-slate-800">{talk.comment}</p>
                </div>
              ) : null}
            </div>
            {canEdit ? <TalkSignOn talk={talk} /> : null}
            <TalkAttendance talk={talk} />
            <TalkPhotos talk={talk} canEdit={canEdit} />
            {canDelete ? <TalkDelete talk={talk} /> : null}
          </div>
        )}
      </LinkTabs>
    </DetailPage>
  );
}
