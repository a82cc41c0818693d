import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { formatDate } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { diaryById } from "../server/diaries.server";
import { DIARY_INTENTS, DIARY_PATH, diaryReportPath } from "../server/diary-basics";
import type { DiaryPage } from "../server/diary-detail.server";
import { loadDiaryPage } from "../server/diary-detail.server";
import { addNote, raiseIssue, saveDiary, transitionDiary } from "../server/diary-edits.server";
import { deleteDiaryPhoto } from "../server/diary-photos.server";
import { DiaryForm, type SaveReply } from "../ui/diary-form";
import { DiaryStatusBadge, useDiaryText } from "../ui/diary-status";
import {
  DiaryActivity,
  DiaryContributed,
  DiaryIssues,
  DiaryNotes,
  DiaryPhotos,
  DiaryReadOnly,
  DiarySteps,
} from "../ui/diary-view";

export const handle = { i18n: ["operation", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.diary.number ?? "Site diary"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const diary = await diaryById(context, params.id);
  return loadDiaryPage(context, diary);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // Each intent's permission is in the manifest; "only while in progress" is checked by each change.
  const intent = requireIntent(context, formData);
  const diary = await diaryById(context, params.id);
  if (intent === DIARY_INTENTS.transition) return transitionDiary(context, diary.id, formData);
  if (intent === DIARY_INTENTS.save) return saveDiary(context, diary.id, formData);
  if (intent === DIARY_INTENTS.note) return addNote(context, diary.id, formData);
  if (intent === DIARY_INTENTS.issue) return raiseIssue(context, diary.id, formData);
  return deleteDiaryPhoto(context, diary, formData);
}

/** /operation/site-diaries/:id: every section of the day's diary, its modals, steps and history. */
export default function SiteDiaryDetailPage() {
  const page = useLoaderData<typeof loader>() as unknown as DiaryPage;
  const reply = useActionData<typeof action>() as
    | (SaveReply & { initialValue?: { intent?: string } })
    | undefined;
  const { t, locale } = useDiaryText();
  const { diary } = page;
  const saveReply = reply?.initialValue?.intent === DIARY_INTENTS.save ? reply : undefined;
  return (
    <DetailPage
      back={{ to: DIARY_PATH, label: t("operation:diary.detail.back") }}
      title={`${diary.number} · ${formatDate(diary.formDate, locale)}`}
      description={diary.location ?? t("operation:diary.detail.wholeProject")}
      meta={<DiaryStatusBadge status={diary.status} />}
      actions={
        page.canDownload ? (
          <Link to={diaryReportPath(diary.id)} className={buttonClass("secondary")}>
            {t("operation:diary.detail.download")}
          </Link>
        ) : null
      }
      toolbar={<DiarySteps page={page} />}
      activity={<DiaryActivity page={page} />}
    >
      <div className="space-y-4">
        {page.canEdit ? <DiaryForm page={page} reply={saveReply} /> : <DiaryReadOnly page={page} />}
        <DiaryIssues page={page} />
        <DiaryNotes page={page} />
        <DiaryPhotos page={page} />
        <DiaryContributed page={page} />
      </div>
    </DetailPage>
  );
}
