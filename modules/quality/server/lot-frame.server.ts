import { isUuid } from "~/server/http/responses";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { Lot } from "../entities";

/** What every lot tab shows above its content: the lot's number, title and state. */
export type LotFrame = {
  id: string;
  number: string;
  title: string;
  status: string;
  subStatus: string | null;
};

/** The lot of a tab's URL in the request's project, or a 404. */
export async function loadLotFrame(context: ProjectContext, lotId: string | undefined): Promise<LotFrame> {
  const lot = isUuid(lotId)
    ? await context.em.findOne(Lot, { id: lotId, project: context.project.id })
    : null;
  if (!lot) throw new Response("Not found", { status: 404 });
  return {
    id: lot.id,
    number: lot.number,
    title: lot.title,
    status: lot.status,
    subStatus: lot.subStatus ?? null,
  };
}
