/**
 * The rows the contract workflows share (head contract, head claim, subcontract): the review cycle and voiding.
 * Each side passes its own permission key (upstream or downstream). Pure: no Remix, no MikroORM.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import type { TransitionRow } from "../../../server/workflow/transition-table";
import type { ContractStatus } from "./vocabularies";

/** Submitted, reviewed, approved, sent back or rejected. */
export function reviewRows<A extends string>(permission: PermissionKey): TransitionRow<ContractStatus, A>[] {
  const row = (from: ContractStatus, action: string, to: ContractStatus, requiresComment?: true) => ({
    from,
    action: action as A,
    to,
    permission,
    ...(requiresComment ? { requiresComment } : {}),
  });
  return [
    row("draft", "submit", "submitted"),
    row("revise_and_resubmit", "submit", "submitted"),
    row("submitted", "review", "in_review"),
    row("in_review", "approve", "approved"),
    row("in_review", "revise", "revise_and_resubmit", true),
    row("in_review", "reject", "reject", true),
  ];
}

/** Voiding from each of `states`, always confirmed; a signed subcontract also needs the reason. */
export const voidFrom = <A extends string>(
  permission: PermissionKey,
  states: readonly ContractStatus[],
  { requiresComment }: { requiresComment?: true } = {},
): TransitionRow<ContractStatus, A>[] =>
  states.map((from) => ({
    from,
    action: "void" as A,
    to: "void",
    permission,
    ...(requiresComment ? { requiresComment } : {}),
    confirm: true,
  }));
