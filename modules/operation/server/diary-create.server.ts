import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { createDiary, diaryOfDay, projectToday } from "./diaries.server";
import { DIARY_WHOLE_PROJECT, diaryCreateSchema, diaryOpenTodaySchema, diaryPath } from "./diary-rules";
import { dayPrefillSources, type WorkLogSource } from "./diary-sections.server";

/**
 * Creating a day's diary (the create form) and "Open today's diary" (the register's button): today on the
 * project's clock, for the chosen place, opened when it exists and created (pre-filled) when not.
 */

export type DiaryCreateReply = SubmissionResult<string[]> & {
  /** The diary of that day and place that is there already: the message links to it. */
  existing?: { id: string; number: string };
};

export async function createDiaryFromForm(
  context: ProjectContext,
  formData: FormData,
  workLog?: WorkLogSource,
) {
  const submission = parseWithZod(formData, { schema: diaryCreateSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { formDate, locationId, description, assigneeId } = submission.value;
  const sources = await dayPrefillSources(
    context,
    { date: formDate, locationId: locationId ?? null },
    workLog,
  );
  const outcome = await createDiary(
    context,
    { formDate, locationId: locationId ?? null, description, assigneeId },
    sources,
  );
  if (!outcome.ok && outcome.reason === "choice")
    return data(
      submission.reply({
        fieldErrors: { [outcome.field]: [message("operation:diary.errors.choiceNotFound")] },
      }),
      { status: 400 },
    );
  if (!outcome.ok) {
    const reply: DiaryCreateReply = {
      ...submission.reply({
        formErrors: [message("operation:diary.create.exists", { number: outcome.existing.number })],
      }),
      existing: outcome.existing,
    };
    return data(reply, { status: 409 });
  }
  return redirectWithToast(diaryPath(outcome.diary.id), {
    type: "success",
    message: "operation:diary.toast.created",
    params: { number: outcome.diary.number },
  });
}

export async function openTodaysDiary(context: ProjectContext, formData: FormData, workLog?: WorkLogSource) {
  const submission = parseWithZod(formData, { schema: diaryOpenTodaySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const chosen = submission.value.locationId;
  const locationId = chosen === DIARY_WHOLE_PROJECT ? null : chosen;
  const today = await projectToday(context);
  const existing = await diaryOfDay(context.em, context.project.id, today, locationId);
  const outcome = existing
    ? { ok: true as const, diary: existing, opened: true }
    : await createDiary(
        context,
        { formDate: today, locationId },
        await dayPrefillSources(context, { date: today, locationId }, workLog),
      );
  if (!outcome.ok && outcome.reason === "exists")
    return redirectWithToast(diaryPath(outcome.existing.id), {
      type: "success",
      message: "operation:diary.toast.opened",
      params: { number: outcome.existing.number },
    });
  if (!outcome.ok)
    return data(
      submission.reply({ fieldErrors: { locationId: [message("operation:diary.errors.choiceNotFound")] } }),
      { status: 400 },
    );
  return redirectWithToast(diaryPath(outcome.diary.id), {
    type: "success",
    message: "opened" in outcome ? "operation:diary.toast.opened" : "operation:diary.toast.created",
    params: { number: outcome.diary.number },
  });
}
