import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { redirectWithToast } from "~/server/http/toast.server";

type Submission = { reply(options?: { formErrors?: string[] }): SubmissionResult<string[]> };

/**
 * The answer to a record's save: a form error (409) when the record moved past where it may change (the
 * save wrote nothing), else back to the record's page with a toast naming it.
 */
export function savedRecordReply(
  submission: Submission,
  saved: { id: string; number: string } | null,
  options: { refused: string; path: (id: string) => string; toast: string },
) {
  if (!saved) return data(submission.reply({ formErrors: [message(options.refused)] }), { status: 409 });
  return redirectWithToast(options.path(saved.id), {
    type: "success",
    message: options.toast,
    params: { number: saved.number },
  });
}
