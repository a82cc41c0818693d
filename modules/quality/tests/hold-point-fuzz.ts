/** The records the fuzz suite needs for the client's hold and witness point pages: links with known tokens. */
import { scopeToProject } from "~/server/db/project-scope";
import { hashLinkToken } from "~/server/links/tokens.server";
import type { FuzzWorld } from "~/tests/fuzz/targets";
import { Lot, LotClientLink, LotInspectionPoint } from "../entities";
import { assign, makeItp, makeLot } from "./reports-fixtures";

export const POINT_LINK_TOKEN = "fuzz-point-link-token-0123456789abcdefghijklmnopq";
export const REVIEW_LINK_TOKEN = "fuzz-lot-review-token-0123456789abcdefghijklmnopq";

/** A lot with a notified hold point and the client's link for it, and a lot waiting for the client's review with its link. */
export async function clientLinkRecords(world: FuzzWorld) {
  const { em, project } = world;
  const scoped = scopeToProject(em, project.id);
  const lot = await makeLot(em, project, { title: "Deck pour" });
  const { itp, items } = await makeItp(em, project, { status: "active" });
  await assign(em, project, lot, itp);
  const hold = items[1];
  const point = scoped.create(LotInspectionPoint, {
    project,
    lot,
    item: hold,
    state: "notified",
    notifiedAt: new Date(),
  } as never);
  const week = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  const pointLink = scoped.create(LotClientLink, {
    project,
    lot,
    purpose: "hold-points",
    points: [hold.id],
    tokenHash: hashLinkToken(POINT_LINK_TOKEN),
    recipientName: "Carl Client",
    recipientEmail: "carl@client.test",
    cc: [],
    expiresAt: week,
  } as never);
  const reviewed = await makeLot(em, project, { title: "Pier cap" });
  await em.nativeUpdate(
    Lot,
    { id: reviewed.id },
    { status: "confirming", subStatus: "external_review" },
    { filters: false },
  );
  const reviewLink = scoped.create(LotClientLink, {
    project,
    lot: reviewed,
    purpose: "lot-review",
    points: [],
    tokenHash: hashLinkToken(REVIEW_LINK_TOKEN),
    recipientName: "Carl Client",
    recipientEmail: "carl@client.test",
    cc: [],
    expiresAt: week,
  } as never);
  await scoped.flush();
  return {
    lot,
    hold,
    pointLink,
    reviewed,
    ids: [lot.id, reviewed.id, hold.id, items[0].id, point.id, pointLink.id, reviewLink.id, itp.id],
  };
}
