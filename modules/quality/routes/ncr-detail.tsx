import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ActivityList } from "~/app/ui/activity-list";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { placeOf } from "../server/lots.server";
import { ncrFileStore } from "../server/ncr-files.server";
import { NCR_INTENTS, NCR_PATH, ncrPath, ncrSaveSchema } from "../server/ncr-rules";
import { loadNcrDetail, ncrById, saveNcr, transitionNcr } from "../server/ncrs.server";
import { NcrWorkflowActions } from "../ui/ncr-actions";
import { NcrDetailsView } from "../ui/ncr-details-view";
import { NcrForm, NcrStatusBadge, useNcrText } from "../ui/ncr-view";
import { RecordFiles } from "../ui/record-files";

export const handle = { i18n: ["quality", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.ncr.number ?? "NCR"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  const ncr = await ncrById(context.em, context.project.id, params.id);
  const [detail, files] = await Promise.all([
    loadNcrDetail(context.em, context.project.id, ncr, grantedKeysOf(context)),
    ncrFileStore.list(context, ncr),
  ]);
  return {
    ...detail,
    files,
    canAddFiles: ncrFileStore.canAdd(context, ncr),
    canEdit: context.can("quality.ncr.edit"),
    canDownload: context.can("quality.ncr.download"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const ncr = await ncrById(context.em, context.project.id, params.id);
  if (intent === NCR_INTENTS.save) return saveNcr(placeOf(context), ncr, formData);
  return transitionNcr(placeOf(context), ncr.id, grantedKeysOf(context), formData);
}

export default function NcrDetailPage() {
  const { ncr, itpItems, actions, activity, canEdit, canDownload, files, canAddFiles } =
    useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t, locale } = useNcrText();
  const saveResult =
    (lastResult?.initialValue as Record<string, unknown> | undefined)?.intent === NCR_INTENTS.save
      ? lastResult
      : null;
  return (
    <DetailPage
      back={{ to: NCR_PATH, label: t("quality:ncr.list.title") }}
      title={`${ncr.number} · ${ncr.details.title}`}
      meta={
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <NcrStatusBadge status={ncr.status} />
          <span>{t(`quality:ncr.type.${ncr.type}`)}</span>
          {ncr.lot ? (
            <Link to={`/quality/lot/${ncr.lot.id}`} className="font-medium text-brand-700 hover:underline">
              {ncr.lot.number} · {ncr.lot.title}
            </Link>
          ) : null}
          {ncr.raisedOn ? (
            <span>
              {t("quality:ncr.fields.raisedOn")}: {formatDate(ncr.raisedOn, locale)}
            </span>
          ) : null}
          {ncr.closedOn ? (
            <span>
              {t("quality:ncr.fields.closedOn")}: {formatDate(ncr.closedOn, locale)}
            </span>
          ) : null}
        </div>
      }
      actions={
        canDownload ? (
          <Link to={`${ncrPath(ncr.id)}/pdf`} reloadDocument className={buttonClass("secondary")}>
            {t("quality:ncr.detail.pdf")}
          </Link>
        ) : null
      }
      toolbar={<NcrWorkflowActions ncr={ncr} actions={actions} />}
      activity={
        <ActivityList
          empty={t("quality:ncr.activity.empty")}
          entries={activity.map((entry) => ({
            id: entry.id,
            summary: t("quality:ncr.activity.entry", {
              action: t(`quality:ncr.activity.actions.${entry.action}`, { defaultValue: entry.action }),
              name: entry.actorName ?? t("quality:ncr.activity.unknownActor"),
            }),
            time: formatDateTime(entry.createdAt, locale),
            details:
              entry.action === "status-changed" && typeof entry.after?.action === "string"
                ? [
                    t(`quality:ncr.actions.${String(entry.after.action)}`),
                    ...(typeof entry.after.comment === "string" && entry.after.comment
                      ? [entry.after.comment]
                      : []),
                  ]
                : [],
          }))}
        />
      }
    >
      {ncr.status === "in_progress" && ncr.lastReturnComment ? (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("quality:ncr.detail.returned", { comment: ncr.lastReturnComment })}
        </p>
      ) : null}
      {ncr.editable && canEdit ? (
        <NcrForm
          id="ncr-save"
          schema={ncrSaveSchema}
          sections={["nonconformity", "control", "correction"]}
          itpItems={ncr.lot ? itpItems : null}
          defaultValue={ncr.details}
          hidden={{ intent: NCR_INTENTS.save }}
          lastResult={saveResult}
          submitLabel={t("quality:ncr.form.save")}
        />
      ) : (
        <NcrDetailsView ncr={ncr} />
      )}
      <RecordFiles
        basePath={ncrPath(ncr.id)}
        files={files}
        canAdd={canAddFiles}
        text={{
          title: t("quality:ncrFiles.title"),
          none: t("quality:ncrFiles.none"),
          choose: t("quality:ncrFiles.choose"),
          upload: t("quality:ncrFiles.upload"),
        }}
      />
    </DetailPage>
  );
}
