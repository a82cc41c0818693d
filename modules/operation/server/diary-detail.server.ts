import { weatherFor } from "~/plugins/weather/index.server";
import { activityRowsFor } from "~/server/audit/activity.server";
import { projectMemberChoices } from "~/server/members/project-members.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { ISiteDiary } from "../diary-entities";
import { diaryWorkflow } from "../domain/diary-workflow";
import { canEditDiary, diarySettings } from "./diaries.server";
import { DIARY_ENTITY_TYPE } from "./diary-basics";
import { canAddDiaryPhotos, diaryPhotos } from "./diary-photos.server";
import { dayText, diaryRecord } from "./diary-record.server";
import { diaryContributions } from "./diary-sections.server";

/** Everything the diary's page shows, as plain values (its own record: diary-record.server.ts). */

export async function loadDiaryPage(context: ProjectContext, diary: ISiteDiary) {
  const editable = canEditDiary(context, diary);
  const [record, contributions, photos, activity, members, settings] = await Promise.all([
    diaryRecord(context, diary),
    diaryContributions(context, { date: dayText(diary.formDate), locationId: diary.location?.id ?? null }),
    diaryPhotos(context, diary),
    activityRowsFor(context.em, DIARY_ENTITY_TYPE, diary.id),
    editable ? projectMemberChoices(context.em, context.project.id) : Promise.resolve([]),
    diarySettings(context.em, context.project.id),
  ]);
  // The weather provider's reading of the day, offered when the diary has none typed yet (manual: none).
  const suggestedWeather =
    editable && !record.sky && !record.rain
      ? await weatherFor(settings.weatherProvider, { date: record.formDate, location: record.location })
      : null;
  return {
    diary: record,
    contributions,
    photos,
    activity,
    members,
    suggestedWeather,
    steps: diaryWorkflow.available(diary.status, grantedKeysOf(context)).map((row) => ({
      action: row.action,
      confirm: Boolean(row.confirm),
      requiresComment: Boolean(row.requiresComment),
    })),
    canEdit: editable,
    canAddPhotos: canAddDiaryPhotos(context, diary),
    canDownload: context.can("operation.siteDaries.download"),
  };
}
export type DiaryPage = Awaited<ReturnType<typeof loadDiaryPage>>;
