import type { DocketStatus } from "./docket-workflow";

/** The Activity Log's (and the record files') entity type of a docket, shared by every part of the module. */
export const DOCKET_ENTITY_TYPE = "Docket";

/** What the posting panel says of a docket (README "Posting"). Pure: the loader and the tests read it. */
export type DocketPostingState =
  | { state: "not-connected" }
  | { state: "not-approved" }
  | { state: "ready" }
  | { state: "queued"; since: string }
  | { state: "failed"; message: string }
  | { state: "posted"; expenseId: string; postedAt: string | null };

export function docketPostingState(
  docket: {
    status: DocketStatus;
    accExpenseId?: string | null;
    postedAt?: Date | string | null;
    postRequestedAt?: Date | string | null;
    postError?: string | null;
  },
  connected: boolean,
): DocketPostingState {
  const iso = (value: Date | string | null | undefined) =>
    value === null || value === undefined
      ? null
      : value instanceof Date
        ? value.toISOString()
        : String(value);
  if (docket.status === "posted" || (docket.status === "archived" && docket.accExpenseId))
    return { state: "posted", expenseId: docket.accExpenseId ?? "", postedAt: iso(docket.postedAt) };
  if (docket.status !== "approved") return { state: "not-approved" };
  if (docket.postError) return { state: "failed", message: docket.postError };
  if (docket.postRequestedAt) return { state: "queued", since: iso(docket.postRequestedAt) ?? "" };
  return connected ? { state: "ready" } : { state: "not-connected" };
}
