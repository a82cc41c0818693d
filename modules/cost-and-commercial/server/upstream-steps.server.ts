import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { TransitionRow, Workflow } from "~/server/workflow/transition-table";

/** The steps this user may run now on a record in `state` of the table, for the page's buttons. */
export function stepButtons<S, A extends string>(
  context: ProjectContext,
  workflow: Workflow<S, A, TransitionRow<S, A>>,
  state: S,
) {
  return workflow.available(state, grantedKeysOf(context)).map((row) => ({
    action: row.action,
    confirm: Boolean(row.confirm),
    requiresComment: Boolean(row.requiresComment),
  }));
}
