import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";

/**
 * The messages the page's last post came back with, as keys for the page to translate, when that post was
 * the form of this intent (a record page has several forms on one action: a step, a comment, a re-assignment).
 */
export function usePostErrors(intent: string): string[] {
  const lastResult = useActionData<SubmissionResult<string[]> | undefined>();
  if (!lastResult?.error) return [];
  const sentIntent = (lastResult.initialValue as Record<string, unknown> | undefined)?.intent;
  if (sentIntent !== intent) return [];
  return [...new Set(Object.values(lastResult.error).flatMap((errors) => errors ?? []))];
}
