import { parseWithZod } from "@conform-to/zod/v4";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { UPLOAD_LIMITS } from "~/server/uploads/file-types";
import { type RecordFile, recordFiles } from "~/server/uploads/record-files.server";
import type { ISiteDiary } from "../diary-entities";
import { isDiaryEditable } from "../domain/diary-workflow";
import { diaryById } from "./diaries.server";
import { DIARY_ENTITY_TYPE, diaryPath } from "./diary-basics";
import { diaryPhotoDeleteSchema } from "./diary-rules";

/**
 * The diary's photos and videos (the Photo and Videos modal): core record files of entity type
 * "operation-site-diary", 50 MB a file (spec 5: 'Please ensure that the size of your upload does not exceed
 * 50 MB.'), added by those who edit diaries while the diary is in progress; a file is removed by its
 * uploader, or by one who deletes diaries, until then too.
 */
export type DiaryPhoto = RecordFile;

const photos = recordFiles<ISiteDiary>({
  entityType: DIARY_ENTITY_TYPE,
  pagePath: diaryPath,
  find: (context, id) => diaryById(context, id),
  isContributor: (context) => context.can("operation.siteDaries.edit"),
  removesAny: (context) => context.can("operation.siteDaries.delete"),
  stateRefusal: (diary) => (isDiaryEditable(diary.status) ? null : "operation:diary.errors.notEditable"),
  maxBytes: UPLOAD_LIMITS.siteDiaryAndAudit,
  messages: {
    noFile: "operation:diary.photos.noFile",
    added: "operation:diary.photos.added",
    deleted: "operation:diary.photos.deleted",
    notFound: "operation:diary.photos.notFound",
  },
});

export const canAddDiaryPhotos = (context: ProjectContext, diary: ISiteDiary) =>
  photos.canAdd(context, diary);
export const diaryPhotos = (context: ProjectContext, diary: ISiteDiary) => photos.list(context, diary);
export const uploadDiaryPhotos = (context: ProjectContext, diaryId: string | undefined, request: Request) =>
  photos.upload(context, diaryId, request);
export const downloadDiaryPhoto = (
  context: ProjectContext,
  diaryId: string | undefined,
  fileId: string | undefined,
) => photos.download(context, diaryId, fileId);
export const removeDiaryPhotos = (context: ProjectContext, diaryId: string) =>
  photos.removeAll(context, diaryId);

export async function deleteDiaryPhoto(context: ProjectContext, diary: ISiteDiary, formData: FormData) {
  const submission = parseWithZod(formData, { schema: diaryPhotoDeleteSchema });
  if (submission.status !== "success")
    return redirectWithToast(diaryPath(diary.id), {
      type: "error",
      message: "operation:diary.photos.notFound",
    });
  return photos.remove(context, diary, submission.value.fileId);
}
