import type { SubmissionResult } from "@conform-to/react";
import { usePageText } from "~/app/ui/use-page-text";

/** The lot's ITP tab and report pages: texts, messages from the server, and each form's errors. */
export function useReportMessages() {
  const { t, locale, translate } = usePageText(["quality", "common", "uploads", "ui"]);
  /** A reply's errors: the form's own ("") and each field's. */
  const errorsOf = (result: SubmissionResult<string[]> | null | undefined, field = "") =>
    translate(result?.error?.[field] ?? null);
  return { t, locale, translate, errorsOf };
}

/** What an action of the lot's pages answers when it refuses a form. */
export type RefusedForm = { intent?: string; target?: string | null; result: SubmissionResult<string[]> };
