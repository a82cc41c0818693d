import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { LotItemCheck, LotItp } from "../entities";
import * as lotItpTab from "../routes/lot-itp";
import { assign, LOT_ALL, makeItp, makeLot, memberWith } from "./reports-fixtures";

const db = setupTestDatabase();
const tab = (lotId: string) => `/quality/lot/${lotId}/itp`;

/** The English text of a reply's messages ("key?params"), as the page shows them. */
async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "quality");
  return messages?.map((text) => translateMessage(t, text));
}

async function lotWithItp(status?: "closed" | "cancelled") {
  const project = await createProject(db.em);
  const lot = await makeLot(db.em, project, status ? { status } : {});
  const { itp, items } = await makeItp(db.em, project);
  await assign(db.em, project, lot, itp);
  return { project, lot, itp, items };
}

describe("the lot's ITP tab", () => {
  it("shows the assigned ITPs with their items (pending when unchecked) and offers only active, unassigned ITPs", async () => {
    const { project, lot, itp } = await lotWithItp();
    const spare = await makeItp(db.em, project, { title: "Earthworks" });
    await makeItp(db.em, project, { title: "Draft plan", status: "draft" });
    const { cookie } = await memberWith(db.em, project, LOT_ALL);
    const result = await callLoader(lotItpTab, tab(lot.id), { cookie, params: { id: lot.id } });
    expect(result.status).toBe(200);
    expect(result.data.itps.map((row: any) => row.number)).toEqual([itp.number]);
    expect(
      result.data.itps[0].items.map((item: any) => [item.position, item.activity, item.check.state]),
    ).toEqual([
      [1, "Set out formwork", "pending"],
      [2, "Inspect reinforcement", "pending"],
    ]);
    expect(result.data.assignable.map((row: any) => row.id)).toEqual([spare.itp.id]);
    expect(result.data.can).toMatchObject({ assign: true, check: true, sign: true, uploadItr: true });
  });

  it("assigns an active ITP and logs it; refuses a draft ITP and writes nothing", async () => {
    const project = await createProject(db.em);
    const lot = await makeLot(db.em, project);
    const active = await makeItp(db.em, project);
    const draft = await makeItp(db.em, project, { status: "draft" });
    const { cookie, user } = await memberWith(db.em, project, LOT_ALL);

    const refused = await callAction(lotItpTab, tab(lot.id), {
      cookie,
      params: { id: lot.id },
      form: { intent: "assign", itpId: draft.itp.id },
    });
    expect(refused.status).toBe(400);
    expect(await english(refused.data.result.error.itpId)).toEqual([
      "Choose an active ITP of this project that is not assigned to this lot yet.",
    ]);
    expect(await db.em.count(LotItp, {}, { filters: false })).toBe(0);

    const done = await callAction(lotItpTab, tab(lot.id), {
      cookie,
      params: { id: lot.id },
      form: { intent: "assign", itpId: active.itp.id },
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe(tab(lot.id));
    expect(await db.em.count(LotItp, { lot: lot.id, itp: active.itp.id }, { filters: false })).toBe(1);
    const [entry] = await db.em.find(
      ActivityLog,
      { entityType: "lot", entityId: lot.id },
      { filters: false },
    );
    expect(entry).toMatchObject({ action: "itp-assigned", actor: { id: user.id } });
    expect(entry.after).toMatchObject({ itpNumber: active.itp.number });
  });

  it("records a check with who and when, and asks for a comment on a non-conformance", async () => {
    const { project, lot, items } = await lotWithItp();
    const { cookie, user } = await memberWith(db.em, project, LOT_ALL, "Quinn Inspector");
    const post = (form: Record<string, string>) =>
      callAction(lotItpTab, tab(lot.id), {
        cookie,
        params: { id: lot.id },
        form: { intent: "check", ...form },
      });

    const missing = await post({ itemId: items[0].id, state: "non_conforming" });
    expect(missing.status).toBe(400);
    expect(await english(missing.data.result.error.comment)).toEqual(["Say what does not conform"]);
    const tooLong = await post({ itemId: items[0].id, state: "conforming", comment: "x".repeat(2001) });
    expect(await english(tooLong.data.result.error.comment)).toEqual(["Maximum 2000 characters"]);
    expect(await db.em.count(LotItemCheck, {}, { filters: false })).toBe(0);
    expect(await db.em.count(ActivityLog, {}, { filters: false })).toBe(0);

    const done = await post({ itemId: items[0].id, state: "non_conforming", comment: "Cover 30 mm short" });
    expect(done.status).toBe(302);
    const check = await db.em.findOneOrFail(
      LotItemCheck,
      { lot: lot.id, item: items[0].id },
      { filters: false },
    );
    expect(check).toMatchObject({
      state: "non_conforming",
      comment: "Cover 30 mm short",
      checkedBy: { id: user.id },
    });
    expect(check.checkedAt).toBeInstanceOf(Date);
    const [entry] = await db.em.find(
      ActivityLog,
      { entityType: "lot", entityId: lot.id },
      { filters: false },
    );
    expect(entry).toMatchObject({ action: "item-checked", before: { state: "pending" } });

    const page = await callLoader(lotItpTab, tab(lot.id), { cookie, params: { id: lot.id } });
    expect(page.data.itps[0].items[0].check).toMatchObject({
      state: "non_conforming",
      checkedBy: "Quinn Inspector",
    });
  });

  it("refuses to remove an ITP with recorded checks, and removes one without", async () => {
    const { project, lot, itp, items } = await lotWithItp();
    const { cookie } = await memberWith(db.em, project, LOT_ALL);
    await callAction(lotItpTab, tab(lot.id), {
      cookie,
      params: { id: lot.id },
      form: { intent: "check", itemId: items[0].id, state: "conforming" },
    });
    const link = await db.em.findOneOrFail(LotItp, { lot: lot.id, itp: itp.id }, { filters: false });
    const refused = await callAction(lotItpTab, tab(lot.id), {
      cookie,
      params: { id: lot.id },
      form: { intent: "unassign", lotItpId: link.id },
    });
    expect(refused.status).toBe(409);
    expect(await english(refused.data.result.error[""])).toEqual([
      `${itp.number} cannot be removed: 1 of its items have checks, signatures or hold and witness point steps recorded on this lot.`,
    ]);
    expect(await db.em.count(LotItp, { id: link.id }, { filters: false })).toBe(1);

    const other = await makeItp(db.em, project);
    await assign(db.em, project, lot, other.itp);
    const otherLink = await db.em.findOneOrFail(
      LotItp,
      { lot: lot.id, itp: other.itp.id },
      { filters: false },
    );
    const removed = await callAction(lotItpTab, tab(lot.id), {
      cookie,
      params: { id: lot.id },
      form: { intent: "unassign", lotItpId: otherLink.id },
    });
    expect(removed.status).toBe(302);
    expect(await db.em.count(LotItp, { id: otherLink.id }, { filters: false })).toBe(0);
    expect(
      await db.em.count(ActivityLog, { action: "itp-unassigned", entityId: lot.id }, { filters: false }),
    ).toBe(1);
  });

  it("lets a holder of lot-subcontractor-sign sign items that need it, once", async () => {
    const { project, lot, items } = await lotWithItp();
    const { cookie, user } = await memberWith(db.em, project, [
      "quality.lot.view",
      "quality.lot.lot-subcontractor-sign",
    ]);
    const sign = (itemId: string) =>
      callAction(lotItpTab, tab(lot.id), {
        cookie,
        params: { id: lot.id },
        form: { intent: "sign", itemId },
      });

    const notNeeded = await sign(items[0].id);
    expect(notNeeded.status).toBe(409);
    expect(await english(notNeeded.data.result.error[""])).toEqual([
      "This item does not need the subcontractor's signature.",
    ]);
    const signed = await sign(items[1].id);
    expect(signed.status).toBe(302);
    const check = await db.em.findOneOrFail(LotItemCheck, { item: items[1].id }, { filters: false });
    expect(check).toMatchObject({ state: "pending", subcontractorSignedBy: { id: user.id } });
    expect(check.subcontractorSignedAt).toBeInstanceOf(Date);
    expect((await sign(items[1].id)).status).toBe(409);
    expect(await db.em.count(ActivityLog, { action: "item-subcontractor-signed" }, { filters: false })).toBe(
      1,
    );
  });

  it("answers 403 to a member lacking the action's permission and writes nothing", async () => {
    const { project, lot, items } = await lotWithItp();
    const spare = await makeItp(db.em, project);
    const { cookie } = await memberWith(db.em, project, ["quality.lot.view"]);
    const post = (form: Record<string, string>) =>
      callAction(lotItpTab, tab(lot.id), { cookie, params: { id: lot.id }, form });
    expect((await post({ intent: "check", itemId: items[0].id, state: "conforming" })).status).toBe(403);
    expect((await post({ intent: "assign", itpId: spare.itp.id })).status).toBe(403);
    expect((await post({ intent: "sign", itemId: items[1].id })).status).toBe(403);
    expect(await db.em.count(LotItemCheck, {}, { filters: false })).toBe(0);
    expect(await db.em.count(LotItp, {}, { filters: false })).toBe(1);
    const page = await callLoader(lotItpTab, tab(lot.id), { cookie, params: { id: lot.id } });
    expect(page.data.can).toMatchObject({ assign: false, check: false, sign: false, uploadItr: false });
    expect(page.data.assignable).toEqual([]);
  });

  it("refuses checks on a closed lot", async () => {
    const { project, lot, items } = await lotWithItp("closed");
    const { cookie } = await memberWith(db.em, project, LOT_ALL);
    const refused = await callAction(lotItpTab, tab(lot.id), {
      cookie,
      params: { id: lot.id },
      form: { intent: "check", itemId: items[0].id, state: "conforming" },
    });
    expect(refused.status).toBe(409);
    expect(await english(refused.data.result.error[""])).toEqual([
      "Closed and cancelled lots cannot be changed. Re-open the lot first.",
    ]);
    expect(await db.em.count(LotItemCheck, {}, { filters: false })).toBe(0);
  });

  it("answers 404 for another project's lot or item and for a malformed id", async () => {
    const mine = await lotWithItp();
    const theirs = await lotWithItp();
    const { cookie } = await memberWith(db.em, mine.project, LOT_ALL);
    const foreignLot = await callLoader(lotItpTab, tab(theirs.lot.id), {
      cookie,
      params: { id: theirs.lot.id },
    });
    expect(foreignLot.status).toBe(404);
    expect((await callLoader(lotItpTab, tab("nope"), { cookie, params: { id: "nope" } })).status).toBe(404);
    const foreignItem = await callAction(lotItpTab, tab(mine.lot.id), {
      cookie,
      params: { id: mine.lot.id },
      form: { intent: "check", itemId: theirs.items[0].id, state: "conforming" },
    });
    expect(foreignItem.status).toBe(404);
    expect(await db.em.count(LotItemCheck, {}, { filters: false })).toBe(0);
  });
});
