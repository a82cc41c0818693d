import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { type ILot, Lot, LotInspectionPoint, LotItemCheck, LotItp } from "../entities";
import * as lotDetail from "../routes/lot-detail";
import * as lotHpWp from "../routes/lot-hp-wp";
import * as lotItpTab from "../routes/lot-itp";
import { completeRecords } from "./lot-gate-fixtures";
import { assign, LOT_ALL, makeItp, makeLot, memberWith } from "./reports-fixtures";

const db = setupTestDatabase();
const hpWp = (lotId: string) => `/quality/lot/${lotId}/hp-wp`;

async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "quality");
  return (messages ?? []).map((text) => translateMessage(t, text));
}

const SITE_ENGINEER = LOT_ALL;
const QA = [...LOT_ALL, "quality.lot.qa-review"];

/** A lot whose records are complete, with an ITP: check, hold point, a step after it, a witness point. */
async function heldLot() {
  const project = await createProject(db.em);
  const lot = await makeLot(db.em, project);
  const { itp, items } = await makeItp(db.em, project, {
    items: [
      { activity: "Set out formwork", kind: "C" },
      { activity: "Inspect reinforcement", kind: "H" },
      { activity: "Pour concrete", kind: "I" },
      { activity: "Slump test", kind: "W" },
    ],
  });
  await assign(db.em, project, lot, itp);
  await db.em.nativeUpdate(
    Lot,
    { id: lot.id },
    { status: "active", subStatus: "completed_pending_records" },
    { filters: false },
  );
  const [check, hold, pour, witness] = items;
  const site = await memberWith(db.em, project, SITE_ENGINEER, "Sam Site");
  const qa = await memberWith(db.em, project, QA, "Quinn QA");
  return { project, lot, itp, check, hold, pour, witness, site, qa };
}

const step = (lot: ILot, cookie: string, form: Record<string, string>) =>
  callAction(lotHpWp, hpWp(lot.id), { cookie, params: { id: lot.id }, form: { intent: "point", ...form } });

const pointOf = (lot: ILot, itemId: string) =>
  db.em.findOne(LotInspectionPoint, { lot: lot.id, item: itemId }, { filters: false });

describe("hold and witness points on the HP/WP tab", () => {
  it("walks a hold point: the site team notifies, QA releases on the client's behalf; each step logged", async () => {
    const { lot, hold, site, qa } = await heldLot();

    const tab = await callLoader(lotHpWp, hpWp(lot.id), { cookie: site.cookie, params: { id: lot.id } });
    const holdView = tab.data.itps[0].points.find((p: any) => p.id === hold.id);
    expect(holdView.point.state).toBe("not_started");
    expect(holdView.actions.map((a: any) => a.action)).toEqual(["notify"]);

    // The site team cannot release: the point table's permission, refused by the guard before the action.
    const notified = await step(lot, site.cookie, { itemId: hold.id, action: "notify" });
    expect(notified.status).toBe(302);
    expect(notified.location).toBe(`${hpWp(lot.id)}#point-${hold.id}`);
    const tooEarly = await step(lot, site.cookie, { itemId: hold.id, action: "release" });
    expect(tooEarly.status).toBe(403);

    const qaTab = await callLoader(lotHpWp, hpWp(lot.id), { cookie: qa.cookie, params: { id: lot.id } });
    expect(
      qaTab.data.itps[0].points.find((p: any) => p.id === hold.id).actions.map((a: any) => a.action),
    ).toEqual(["release", "release_with_comment", "reject", "mark_not_required"]);
    const released = await step(lot, qa.cookie, { itemId: hold.id, action: "release" });
    expect(released.status).toBe(302);
    expect(await pointOf(lot, hold.id)).toMatchObject({
      state: "released",
      lastAction: "release",
      notifiedBy: { id: site.user.id },
      decidedBy: { id: qa.user.id },
    });

    const entries = await db.em.find(
      ActivityLog,
      { entityType: "lot", entityId: lot.id, action: "hp-wp-changed" },
      { filters: false, orderBy: { createdAt: "asc", id: "asc" } },
    );
    expect(
      entries.map((entry) => [entry.before?.state, entry.after?.state, entry.after?.pointAction]),
    ).toEqual([
      ["not_started", "notified", "notify"],
      ["notified", "released", "release"],
    ]);
    expect(entries[1].after).toMatchObject({ position: 2, activity: "Inspect reinforcement" });

    // Released is final: another step is a form error, not a change.
    const again = await step(lot, qa.cookie, { itemId: hold.id, action: "reject", comment: "Late" });
    expect(again.status).toBe(409);
    expect(await english(again.data.result.error[""])).toEqual([
      "This step is not possible from the point's current state. Reload the page to see it.",
    ]);
  });

  it("asks a reason for release with comment and reject, and a reason and confirmation for not required", async () => {
    const { lot, hold, witness, site, qa } = await heldLot();
    await step(lot, site.cookie, { itemId: hold.id, action: "notify" });

    const bare = await step(lot, qa.cookie, { itemId: hold.id, action: "reject", comment: "  " });
    expect(bare.status).toBe(400);
    expect(await english(bare.data.result.error.comment)).toEqual(["Please give a reason"]);
    expect((await pointOf(lot, hold.id))?.state).toBe("notified");

    const rejected = await step(lot, qa.cookie, {
      itemId: hold.id,
      action: "reject",
      comment: "Cover too low",
    });
    expect(rejected.status).toBe(302);
    expect(await pointOf(lot, hold.id)).toMatchObject({ state: "rejected", comment: "Cover too low" });

    const unconfirmed = await step(lot, qa.cookie, {
      itemId: witness.id,
      action: "mark_not_required",
      comment: "Supplier certificate accepted",
    });
    expect(unconfirmed.status).toBe(400);
    expect(await pointOf(lot, witness.id)).toBeNull();
    const notRequired = await step(lot, qa.cookie, {
      itemId: witness.id,
      action: "mark_not_required",
      comment: "Supplier certificate accepted",
      confirmed: "on",
    });
    expect(notRequired.status).toBe(302);
    expect(await pointOf(lot, witness.id)).toMatchObject({
      state: "not_required",
      lastAction: "mark_not_required",
    });
  });

  it("records an unattended witness point, never a hold point", async () => {
    const { lot, hold, witness, site } = await heldLot();
    await step(lot, site.cookie, { itemId: witness.id, action: "notify" });
    await step(lot, site.cookie, { itemId: hold.id, action: "notify" });
    const unattended = await step(lot, site.cookie, {
      itemId: witness.id,
      action: "record_unattended",
      comment: "Client's inspector did not come; test done as planned",
    });
    expect(unattended.status).toBe(302);
    expect(await pointOf(lot, witness.id)).toMatchObject({
      state: "not_required",
      lastAction: "record_unattended",
    });
    const hold409 = await step(lot, site.cookie, {
      itemId: hold.id,
      action: "record_unattended",
      comment: "x",
    });
    expect(hold409.status).toBe(409);
    expect((await pointOf(lot, hold.id))?.state).toBe("notified");
  });

  it("answers 404 for an item that is not a point of the lot, and refuses steps on a closed lot", async () => {
    const { project, lot, pour, hold, qa } = await heldLot();
    expect((await step(lot, qa.cookie, { itemId: pour.id, action: "notify" })).status).toBe(404);
    const other = await makeLot(db.em, project);
    expect((await step(other, qa.cookie, { itemId: hold.id, action: "notify" })).status).toBe(404);

    await db.em.nativeUpdate(
      Lot,
      { id: lot.id },
      { status: "closed", subStatus: "qa_approved" },
      { filters: false },
    );
    const closed = await step(lot, qa.cookie, { itemId: hold.id, action: "notify" });
    expect(closed.status).toBe(409);
    expect(await pointOf(lot, hold.id)).toBeNull();
    const tab = await callLoader(lotHpWp, hpWp(lot.id), { cookie: qa.cookie, params: { id: lot.id } });
    expect(tab.data.locked).toBe(true);
    expect(tab.data.itps[0].points.every((p: any) => p.actions.length === 0)).toBe(true);
  });
});

describe("an ITP with point steps on the lot", () => {
  it("is not removed from the lot: the steps are records", async () => {
    const { lot, itp, witness, site } = await heldLot();
    await step(lot, site.cookie, { itemId: witness.id, action: "notify" });
    const link = await db.em.findOneOrFail(LotItp, { lot: lot.id }, { filters: false });
    const refused = await callAction(lotItpTab, `/quality/lot/${lot.id}/itp`, {
      cookie: site.cookie,
      params: { id: lot.id },
      form: { intent: "unassign", lotItpId: link.id },
    });
    expect(refused.status).toBe(409);
    expect(await english(refused.data.result.error[""])).toEqual([
      `${itp.number} cannot be removed: 1 of its items have checks, signatures or hold and witness point steps recorded on this lot.`,
    ]);
  });
});

describe("a hold point blocks", () => {
  it("refuses checking an item after an unreleased hold point, naming it, until it is released", async () => {
    const { lot, check, hold, pour, witness, site, qa } = await heldLot();
    const itpTab = `/quality/lot/${lot.id}/itp`;
    const checkItem = (itemId: string) =>
      callAction(lotItpTab, itpTab, {
        cookie: site.cookie,
        params: { id: lot.id },
        form: { intent: "check", itemId, state: "conforming" },
      });

    const loaded = await callLoader(lotItpTab, itpTab, { cookie: site.cookie, params: { id: lot.id } });
    expect(Object.keys(loaded.data.blocked).sort()).toEqual([pour.id, witness.id].sort());
    expect(loaded.data.blocked[pour.id]).toMatchObject({ itemId: hold.id, position: 2 });

    expect((await checkItem(check.id)).status).toBe(302);
    expect((await checkItem(hold.id)).status).toBe(302);
    const blocked = await checkItem(pour.id);
    expect(blocked.status).toBe(409);
    expect(await english(blocked.data.result.error[""])).toEqual([
      `Held by hold point ${loaded.data.itps[0].number} #2 "Inspect reinforcement": this item can be checked once that hold point is released.`,
    ]);
    expect(await db.em.count(LotItemCheck, { lot: lot.id, item: pour.id }, { filters: false })).toBe(0);

    await step(lot, site.cookie, { itemId: hold.id, action: "notify" });
    await step(lot, qa.cookie, {
      itemId: hold.id,
      action: "release_with_comment",
      comment: "Minor cover variance OK",
    });
    expect((await checkItem(pour.id)).status).toBe(302);
    // The witness point after it never blocked anything once the hold is cleared.
    expect((await checkItem(witness.id)).status).toBe(302);
  });

  it("keeps the lot from the Project Engineer while a hold point holds it, and the lot page says which", async () => {
    const { project, lot, itp, check, hold, pour, witness, site, qa } = await heldLot();
    const submit = () =>
      callAction(lotDetail, `/quality/lot/${lot.id}`, {
        cookie: site.cookie,
        params: { id: lot.id },
        form: { intent: "transition", action: "submit_to_engineer" },
      });

    const page = await callLoader(lotDetail, `/quality/lot/${lot.id}`, {
      cookie: site.cookie,
      params: { id: lot.id },
    });
    expect(page.data.frame.holdingPoint).toMatchObject({
      itemId: hold.id,
      itpNumber: itp.number,
      position: 2,
    });
    expect(page.data.frame.holdingCount).toBe(1);

    const refused = await submit();
    expect(refused.status).toBe(409);
    expect(await english(refused.data.error[""])).toEqual([
      `Hold point ${itp.number} #2 "Inspect reinforcement" is holding this lot: it must be released, released with comment or marked not required before the lot is submitted to the Project Engineer.`,
    ]);
    expect(await db.em.findOne(Lot, { id: lot.id }, { filters: false })).toMatchObject({
      subStatus: "completed_pending_records",
    });

    // A witness point left notified does not hold it; the hold point marked not required releases it.
    await step(lot, site.cookie, { itemId: hold.id, action: "notify" });
    await step(lot, qa.cookie, {
      itemId: hold.id,
      action: "mark_not_required",
      comment: "Design change removed the hold",
      confirmed: "on",
    });
    const cleared = await callLoader(lotHpWp, hpWp(lot.id), { cookie: site.cookie, params: { id: lot.id } });
    expect(cleared.data.frame.holdingPoint).toBeNull();
    // Its records complete (the other gate of the submission, lot-gates.test.ts).
    await completeRecords(db.em, project, lot, { itp, items: [check, hold, pour, witness] });
    const sent = await submit();
    expect(sent.status).toBe(302);
    expect(await db.em.findOne(Lot, { id: lot.id }, { filters: false })).toMatchObject({
      status: "active",
      subStatus: "engineer_review",
    });
  });
});
