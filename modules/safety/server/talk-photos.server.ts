import { parseWithZod } from "@conform-to/zod/v4";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { recordFiles } from "~/server/uploads/record-files.server";
import type { ISafetyTalk } from "../entities";
import { TALK_ENTITY_TYPE, talkPath } from "./talk-basics";
import { talkPhotoDeleteSchema } from "./talk-rules";
import { canOnKind, talkById } from "./talks.server";

/**
 * A talk's group photos: core record files of entity type "safety-talk" (so each one added or removed is in
 * the talk's activity log), taken with the form and added later on the talk's page by whoever may edit talks
 * of its kind, who also removes any of them.
 */
const photos = recordFiles<ISafetyTalk>({
  entityType: TALK_ENTITY_TYPE,
  pagePath: talkPath,
  find: (context, id) => talkById(context, id),
  isContributor: (context, talk) => canOnKind(context, talk.kind, "edit"),
  removesAny: (context, talk) => canOnKind(context, talk.kind, "edit"),
  stateRefusal: () => null,
  messages: {
    noFile: "safety:talk.photos.noFile",
    added: "safety:talk.photos.added",
    deleted: "safety:talk.photos.deleted",
    notFound: "safety:talk.photos.notFound",
  },
});

export const canAddTalkPhotos = (context: ProjectContext, talk: ISafetyTalk) => photos.canAdd(context, talk);
export const talkPhotos = (context: ProjectContext, talk: ISafetyTalk) => photos.list(context, talk);
export const uploadTalkPhotos = (context: ProjectContext, talkId: string | undefined, request: Request) =>
  photos.upload(context, talkId, request);
export const downloadTalkPhoto = (
  context: ProjectContext,
  talkId: string | undefined,
  fileId: string | undefined,
) => photos.download(context, talkId, fileId);
export const removeTalkPhotos = (context: ProjectContext, talkId: string) =>
  photos.removeAll(context, talkId);

export async function deleteTalkPhoto(context: ProjectContext, talk: ISafetyTalk, formData: FormData) {
  const submission = parseWithZod(formData, { schema: talkPhotoDeleteSchema });
  if (submission.status !== "success")
    return redirectWithToast(talkPath(talk.id), { type: "error", message: "safety:talk.photos.notFound" });
  return photos.remove(context, talk, submission.value.fileId);
}
