import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import type { LotIntent } from "../server/lot-rules";

/**
 * The detail tab has several small forms posting to one action; each shows the errors and the values of
 * its own last refused submit only.
 */
export function useIntentResult(intent: LotIntent) {
  const lastResult = useActionData<SubmissionResult<string[]> | undefined>();
  const submitted = lastResult?.initialValue as Record<string, string | undefined> | undefined;
  const mine = submitted?.intent === intent;
  return {
    errorsOf: (field: string) => (mine ? (lastResult?.error?.[field] ?? undefined) : undefined),
    formErrors: mine ? (lastResult?.error?.[""] ?? undefined) : undefined,
    valueOf: (field: string) => (mine ? submitted?.[field] : undefined),
    /** Changes after each refused submit, to re-mount uncontrolled inputs with the posted values. */
    key: mine ? JSON.stringify(lastResult) : "fresh",
  };
}
