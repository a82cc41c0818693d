import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { Docket } from "../entities";
import { queueAllApproved, queuePosting } from "./docket-posting.server";

/** The posting forms' answer: queued (how many), or why not, back on the docket or the register. */
export async function postingAction(context: ProjectContext, what: { docketId?: string } | { all: true }) {
  let back = "/dockets";
  let outcome: Awaited<ReturnType<typeof queuePosting>>;
  if ("all" in what) outcome = await queueAllApproved(context);
  else {
    const docket = isUuid(what.docketId)
      ? await context.em.findOne(Docket, { id: what.docketId, project: context.project.id })
      : null;
    if (!docket) throw new Response("Not Found", { status: 404 });
    back = `/dockets/${docket.id}`;
    outcome = await queuePosting(context, [docket.id]);
  }
  if (!outcome.connected)
    return redirectWithToast(back, { type: "error", message: "dockets:posting.notConnected" });
  if (outcome.queued === 0)
    return redirectWithToast(back, { type: "error", message: "dockets:posting.nothingToPost" });
  return redirectWithToast(back, {
    type: "success",
    message: "dockets:posting.queued",
    params: { count: outcome.queued },
  });
}
