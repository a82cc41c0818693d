/** The client's review of a lot through the link QA mails: the lot table's client steps, without an account. */
import { describe, expect, it } from "vitest";
import { ActivityLog } from "~/server/db/entities";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { type ILot, Lot, LotClientLink } from "../entities";
import * as externalLot from "../routes/external-lot";
import * as externalItr from "../routes/external-lot-itr";
import * as clientLinks from "../routes/lot-client-links";
import { mailsTo } from "./itp-fixtures";
import { LOT_ALL, makeLot, memberWith } from "./reports-fixtures";

const db = setupTestDatabase();
const CLIENT = "carl@client.test";

async function waitingLot() {
  const project = await createProject(db.em, { name: "Harbour Bridge" });
  const lot = await makeLot(db.em, project);
  await db.em.nativeUpdate(
    Lot,
    { id: lot.id },
    { status: "confirming", subStatus: "external_review" },
    { filters: false },
  );
  const qa = await memberWith(db.em, project, [...LOT_ALL, "quality.lot.qa-review"], "Quinn QA");
  return { project, lot, qa };
}

async function sendReviewLink(lot: ILot, cookie: string) {
  const sent = await callAction(clientLinks, `/quality/lot/${lot.id}/client-links`, {
    cookie,
    params: { id: lot.id },
    form: { intent: "send-review-link", clientName: "Carl Client", clientEmail: CLIENT },
  });
  expect(sent.status).toBe(302);
  const [mail] = (await mailsTo(db.em, CLIENT)).slice(-1);
  const token = mail.text.match(new RegExp(`/external/lot/${lot.id}\\?token=([A-Za-z0-9_-]+)`))![1];
  return token;
}

const lotNow = (lot: ILot) => db.em.findOneOrFail(Lot, { id: lot.id }, { filters: false });

describe("the client's lot review through a link", () => {
  it("rejects with a reason through the link: the lot table's external_reject, the link used up, logged", async () => {
    const { lot, qa } = await waitingLot();
    const token = await sendReviewLink(lot, qa.cookie);
    const path = `/external/lot/${lot.id}?token=${token}`;

    const page = await callLoader(externalLot, path, { params: { id: lot.id } });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      state: "valid",
      lot: { number: lot.number, subStatus: "external_review" },
    });

    const bare = await callAction(externalLot, path, {
      params: { id: lot.id },
      form: { decision: "reject", reviewerName: "Carl Client" },
    });
    expect(bare.status).toBe(400);
    expect(bare.data.error.comment).toEqual(["quality:lot.errors.commentRequired"]);
    expect((await lotNow(lot)).subStatus).toBe("external_review");

    const rejected = await callAction(externalLot, path, {
      params: { id: lot.id },
      form: { decision: "reject", reviewerName: "Carl Client", comment: "Kerb line out by 20 mm" },
    });
    expect(rejected.status).toBe(302);
    expect(rejected.location).toBe(`${path}&thanks=1`);
    expect(await lotNow(lot)).toMatchObject({ status: "non_conforming", subStatus: "external_rejected" });
    const link = await db.em.findOneOrFail(LotClientLink, { lot: lot.id }, { filters: false });
    expect(link.usedAt).toBeInstanceOf(Date);
    const entry = await db.em.findOneOrFail(
      ActivityLog,
      { entityId: lot.id, action: "status-changed" },
      { filters: false },
    );
    expect(entry.actor).toBeNull();
    expect(entry.after).toMatchObject({
      action: "external_reject",
      comment: "Kerb line out by 20 mm",
      linkId: link.id,
      reviewerName: "Carl Client",
    });

    // Used: the page says what happened, and takes no second decision.
    const after = await callLoader(externalLot, path, { params: { id: lot.id } });
    expect(after.data.state).toBe("used");
    const again = await callAction(externalLot, path, {
      params: { id: lot.id },
      form: { decision: "approve", reviewerName: "Carl Client" },
    });
    expect(again.status).toBe(410);
  });

  it("approves through the link: guaranteed / external_approved", async () => {
    const { lot, qa } = await waitingLot();
    const token = await sendReviewLink(lot, qa.cookie);
    const approved = await callAction(externalLot, `/external/lot/${lot.id}?token=${token}`, {
      params: { id: lot.id },
      form: { decision: "approve", reviewerName: "Carl Client" },
    });
    expect(approved.status).toBe(302);
    expect(await lotNow(lot)).toMatchObject({ status: "guaranteed", subStatus: "external_approved" });
  });

  it("is sent only by QA while the lot waits for the client, and only opens its own lot", async () => {
    const { project, lot, qa } = await waitingLot();
    const site = await memberWith(db.em, project, LOT_ALL);
    const refused = await callAction(clientLinks, `/quality/lot/${lot.id}/client-links`, {
      cookie: site.cookie,
      params: { id: lot.id },
      form: { intent: "send-review-link", clientName: "Carl", clientEmail: CLIENT },
    });
    expect(refused.status).toBe(403);
    const open = await makeLot(db.em, project);
    const early = await callAction(clientLinks, `/quality/lot/${open.id}/client-links`, {
      cookie: qa.cookie,
      params: { id: open.id },
      form: { intent: "send-review-link", clientName: "Carl", clientEmail: CLIENT },
    });
    expect(early.status).toBe(409);
    expect(await db.em.count(LotClientLink, {}, { filters: false })).toBe(0);

    const token = await sendReviewLink(lot, qa.cookie);
    const otherLot = await callLoader(externalLot, `/external/lot/${open.id}?token=${token}`, {
      params: { id: open.id },
    });
    expect(otherLot.status).toBe(404);
    const itr = await callLoader(externalItr, `/external/lot/${lot.id}/itr/${lot.id}?token=${token}`, {
      params: { lotId: lot.id, itrId: lot.id },
    });
    expect(itr.status).toBe(404);

    // Once the lot has left the client's review (QA closed it on the client's behalf), the link is superseded.
    await db.em.nativeUpdate(
      Lot,
      { id: lot.id },
      { status: "closed", subStatus: "qa_approved" },
      { filters: false },
    );
    const superseded = await callLoader(externalLot, `/external/lot/${lot.id}?token=${token}`, {
      params: { id: lot.id },
    });
    expect(superseded.status).toBe(410);
    expect(superseded.data).toEqual({ state: "superseded" });
  });
});
