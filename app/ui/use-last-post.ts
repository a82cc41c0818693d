import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";

/**
 * The page's last post, when it was this form's: its intent and, for a form repeated per record, the same record
 * (`recordField` holding `recordId`). Gives what was sent, to fill the form again, and the field errors.
 */
export function useLastPost(intent: string, record?: { field: string; id: string }) {
  const last = useActionData<SubmissionResult<string[]> | undefined>();
  const sent = (last?.initialValue ?? {}) as Record<string, unknown>;
  if (!last || sent.intent !== intent || (record && sent[record.field] !== record.id)) return null;
  const errors = last.error ?? {};
  return {
    /** The one value sent in the field ("" for none). */
    value: (name: string): string => {
      const value = sent[name];
      return typeof value === "string" ? value : Array.isArray(value) ? String(value[0] ?? "") : "";
    },
    /** Every value sent in the field (checkboxes, multi-selects). */
    values: (name: string): string[] => {
      const value = sent[name];
      return Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
    },
    errors: (name: string) => errors[name] ?? null,
    formErrors: errors[""] ?? null,
  };
}
