/**
 * The client's side of hold and witness points: the notify form (form → confirm → sent), the link it mails,
 * the client's release through it (with and without a drawn signature, with evidence), the link's states,
 * and the member pages of a point.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ActivityLog, Attachment } from "~/server/db/entities";
import { hashLinkToken } from "~/server/links/tokens.server";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import { type ILot, Lot, LotClientLink, LotInspectionPoint } from "../entities";
import * as externalHpWp from "../routes/external-hp-wp";
import * as externalPoint from "../routes/external-lot-hp-wp";
import * as externalEvidence from "../routes/external-lot-hp-wp-attachment";
import * as externalItr from "../routes/external-lot-itr";
import * as notifyRoute from "../routes/hp-wp-notify";
import * as clientLinks from "../routes/lot-client-links";
import * as lotDetail from "../routes/lot-detail";
import * as lotHpWp from "../routes/lot-hp-wp";
import * as pointEvidence from "../routes/lot-hp-wp-attachment";
import * as pointPage from "../routes/lot-hp-wp-point";
import * as itrNew from "../routes/lot-itr-new";
import { POINT_EVIDENCE } from "../server/hold-point-link-page.server";
import { CLIENT, decisionForm, heldLotIn, notifyClientIn, notifyForm, PNG } from "./hold-point-fixtures";
import { mailsTo } from "./itp-fixtures";
import { makeLot, memberWith } from "./reports-fixtures";

const db = setupTestDatabase();
const storage = setupTestFileStorage("siteproof-hpwp-");

const storedFiles = () =>
  readdirSync(storage.root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

const heldLot = () => heldLotIn(db.em);
const notifyClient = (lot: ILot, cookie: string, itemIds: string[]) =>
  notifyClientIn(db.em, lot, cookie, itemIds);

const decide = (linkId: string, token: string, fields: Record<string, string>, files: File[] = []) =>
  callAction(externalHpWp, `/external/hp-wp/${linkId}?token=${token}`, {
    params: { id: linkId },
    multipart: decisionForm(fields, files),
  });

const pointOf = (lot: ILot, itemId: string) =>
  db.em.findOne(LotInspectionPoint, { lot: lot.id, item: itemId }, { filters: false });

describe("notifying the client of hold and witness points", () => {
  it("goes form → confirm → sent: the points are notified with the day asked, one link, one mail with CC", async () => {
    const { lot, itp, hold, witness, site, qa } = await heldLot();
    const url = `/quality/hp-wp/notify?point=${lot.id}:${hold.id}&point=${lot.id}:${witness.id}`;
    const form = await callLoader(notifyRoute, url, { cookie: site.cookie });
    expect(form.data.step).toBe("form");
    expect(form.data.points.map((p: any) => [p.position, p.notifiable])).toEqual([
      [2, true],
      [4, true],
    ]);
    expect(form.data.defaults.content).toContain("{lotNumber}");

    const review = await callAction(notifyRoute, url, {
      cookie: site.cookie,
      form: notifyForm(lot, [hold.id, witness.id], { step: "review" }),
    });
    expect(review.status).toBe(200);
    expect(review.data.step).toBe("confirm");
    expect(review.data.mails[0].text).toContain(`Dear Carl Client, please come to ${lot.number}`);
    expect(review.data.mails[0].text).toContain("- ITP-");
    // The confirm step writes nothing.
    expect(await pointOf(lot, hold.id)).toBeNull();

    const { linkId, token, sent } = await notifyClient(lot, site.cookie, [hold.id, witness.id]);
    expect(sent.location).toBe(`/quality/hp-wp/notify?sent=${linkId}`);
    // Once the send committed, whoever releases points hears of each one notified.
    expect((await mailsTo(db.em, qa.user.email)).map((mail) => mail.subject).sort()).toEqual([
      `Lot ${lot.number}: inspection point ${itp.number} #2 is ready for release`,
      `Lot ${lot.number}: inspection point ${itp.number} #4 is ready for release`,
    ]);
    expect(await pointOf(lot, hold.id)).toMatchObject({
      state: "notified",
      notifiedBy: { id: site.user.id },
    });
    expect(String((await pointOf(lot, witness.id))?.dueOn)).toContain("2026-12-03");
    const link = await db.em.findOneOrFail(LotClientLink, { id: linkId }, { filters: false });
    expect(link).toMatchObject({ purpose: "hold-points", recipientEmail: CLIENT, cc: ["dora@client.test"] });
    expect(link.points.sort()).toEqual([hold.id, witness.id].sort());
    // Only the token's hash is kept.
    expect(link.tokenHash).toBe(hashLinkToken(token));
    expect(link.tokenHash).not.toContain(token);
    expect(await mailsTo(db.em, "dora@client.test")).toHaveLength(1);

    const sentPage = await callLoader(notifyRoute, `/quality/hp-wp/notify?sent=${linkId}`, {
      cookie: site.cookie,
    });
    expect(sentPage.data.sent).toEqual([expect.objectContaining({ lotNumber: lot.number, points: 2 })]);
    const actions = (
      await db.em.find(ActivityLog, { entityId: lot.id }, { filters: false, orderBy: { createdAt: "asc" } })
    ).map((entry) => entry.action);
    expect(actions).toEqual(["hp-wp-changed", "hp-wp-changed", "client-link-sent"]);
  });

  it("refuses a form with a bad address, day or no point, writing nothing; the permission is the notify step's", async () => {
    const { project, lot, hold, site } = await heldLot();
    const bad = await callAction(notifyRoute, "/quality/hp-wp/notify", {
      cookie: site.cookie,
      form: notifyForm(lot, [hold.id], { clientEmail: "not-an-address", dueOn: "2026-02-30", cc: "x@y" }),
    });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.clientEmail).toEqual(["Invalid email"]);
    expect(bad.data.result.error.dueOn).toBeTruthy();
    expect(bad.data.result.error.cc).toBeTruthy();
    const none = await callAction(notifyRoute, "/quality/hp-wp/notify", {
      cookie: site.cookie,
      form: { ...notifyForm(lot, []), point: [] },
    });
    expect(none.status).toBe(400);
    expect(await db.em.count(LotClientLink, {}, { filters: false })).toBe(0);
    expect(await pointOf(lot, hold.id)).toBeNull();
    expect(await mailsTo(db.em, CLIENT)).toHaveLength(0);

    const viewer = await memberWith(db.em, project, ["quality.lot.view"]);
    const refused = await callLoader(notifyRoute, `/quality/hp-wp/notify?point=${lot.id}:${hold.id}`, {
      cookie: viewer.cookie,
    });
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/forbidden");
  });

  it("refuses to notify a point already notified: nothing sent, no link", async () => {
    const { lot, hold, site } = await heldLot();
    await notifyClient(lot, site.cookie, [hold.id]);
    const again = await callAction(notifyRoute, "/quality/hp-wp/notify", {
      cookie: site.cookie,
      form: notifyForm(lot, [hold.id]),
    });
    expect(again.status).toBe(409);
    expect(again.data.result.error[""]).toEqual([
      "None of the chosen points can be notified now: they are already notified or decided.",
    ]);
    expect(await db.em.count(LotClientLink, {}, { filters: false })).toBe(1);
  });
});

describe("the client's release through the link", () => {
  it("releases the hold point with a drawn signature and evidence; the lot can then go to the Project Engineer", async () => {
    const { lot, itp, hold, witness, site } = await heldLot();
    const { linkId, token } = await notifyClient(lot, site.cookie, [hold.id, witness.id]);

    const page = await callLoader(externalHpWp, `/external/hp-wp/${linkId}?token=${token}`, {
      params: { id: linkId },
    });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "valid", lot: { number: lot.number } });
    expect(page.data.points.map((p: any) => [p.activity, p.decidable, p.acceptanceCriteria])).toEqual([
      ["Inspect reinforcement", true, "Criteria of Inspect reinforcement"],
      ["Slump test", true, "Criteria of Slump test"],
    ]);

    const released = await decide(
      linkId,
      token,
      {
        itemId: hold.id,
        decision: "release",
        remark: "Cover checked",
        decidedByName: "Carl Client",
        signature: PNG,
      },
      [new File(["%PDF-1.7 cover"], "cover.pdf", { type: "application/pdf" })],
    );
    expect(released.status).toBe(302);
    expect(released.location).toBe(
      `/external/hp-wp/${linkId}?token=${token}&decided=${hold.id}#point-${hold.id}`,
    );
    const point = await pointOf(lot, hold.id);
    expect(point).toMatchObject({
      state: "released",
      decidedBy: null,
      decidedByName: "Carl Client",
      signature: PNG,
      comment: "Cover checked",
      link: { id: linkId },
    });
    expect(point?.decidedAt).toBeInstanceOf(Date);
    const files = await db.em.find(Attachment, { entityId: point!.id }, { filters: false });
    expect(files.map((file) => file.fileName)).toEqual(["cover.pdf"]);
    // The client opens the evidence while the link is open; an ITR of the lot too.
    const evidencePath = `/external/lot/${lot.id}/hp-wp-attachment/${hold.id}?token=${token}`;
    const evidence = await callLoader(externalEvidence, evidencePath, {
      params: { lotId: lot.id, hpwpId: hold.id },
    });
    expect(evidence.data.files.map((file: any) => file.fileName)).toEqual(["cover.pdf"]);
    const file = await callLoader(externalEvidence, `${evidencePath}&file=${files[0].id}`, {
      params: { lotId: lot.id, hpwpId: hold.id },
    });
    expect(file.status).toBe(200);
    expect(file.data).toBe("%PDF-1.7 cover");
    const itrForm = new FormData();
    itrForm.append("title", "Cover survey");
    itrForm.append("files", new File(["%PDF-1.7 survey"], "survey.pdf", { type: "application/pdf" }));
    await callAction(itrNew, `/quality/lot/${lot.id}/itr/new`, {
      cookie: site.cookie,
      params: { lotId: lot.id },
      multipart: itrForm,
    });
    const itr = await db.em.findOneOrFail(
      Attachment,
      { entityId: lot.id, fileName: "survey.pdf" },
      { filters: false },
    );
    const itrFile = await callLoader(externalItr, `/external/lot/${lot.id}/itr/${itr.id}?token=${token}`, {
      params: { lotId: lot.id, itrId: itr.id },
    });
    expect(itrFile.status).toBe(200);
    expect(itrFile.data).toBe("%PDF-1.7 survey");
    // The witness point still waits: the link stays open.
    expect((await db.em.findOneOrFail(LotClientLink, { id: linkId }, { filters: false })).usedAt).toBeNull();

    const entry = await db.em.findOneOrFail(
      ActivityLog,
      { entityId: lot.id, action: "hp-wp-changed", actor: null },
      { filters: false },
    );
    expect(entry.after).toMatchObject({ pointAction: "release", linkId, decidedByName: "Carl Client" });

    // The site team (the engineer who called the client) hears the decision, signed with the client's typed
    // name; the first opening of the link is on the lot's log.
    const [notice] = await mailsTo(db.em, site.user.email);
    expect(notice.subject).toBe(`Lot ${lot.number}: inspection point ${itp.number} #2 released`);
    expect(notice.text).toContain(`Carl Client released inspection point ${itp.number} #2`);
    await callLoader(externalHpWp, `/external/hp-wp/${linkId}?token=${token}`, { params: { id: linkId } });
    expect(
      await db.em.count(ActivityLog, { entityId: lot.id, action: "client-link-opened" }, { filters: false }),
    ).toBe(1);

    const submitted = await callAction(lotDetail, `/quality/lot/${lot.id}`, {
      cookie: site.cookie,
      params: { id: lot.id },
      form: { intent: "transition", action: "submit_to_engineer" },
    });
    expect(submitted.status).toBe(302);
    expect((await db.em.findOneOrFail(Lot, { id: lot.id }, { filters: false })).subStatus).toBe(
      "engineer_review",
    );
  });

  it("takes a typed name without a drawing; the last decision uses the link up", async () => {
    const { lot, witness, site } = await heldLot();
    const { linkId, token } = await notifyClient(lot, site.cookie, [witness.id]);
    const onePoint = `/external/lot/${lot.id}/hp-wp/${witness.id}?token=${token}`;
    const decided = await callAction(externalPoint, onePoint, {
      params: { lotId: lot.id, hpwpId: witness.id },
      multipart: decisionForm({
        itemId: witness.id,
        decision: "release_with_comment",
        remark: "Slump 80 mm",
        decidedByName: "Carl Client",
        signature: "",
      }),
    });
    expect(decided.status).toBe(302);
    expect(await pointOf(lot, witness.id)).toMatchObject({
      state: "released_with_comment",
      signature: null,
      decidedByName: "Carl Client",
    });
    expect(
      (await db.em.findOneOrFail(LotClientLink, { id: linkId }, { filters: false })).usedAt,
    ).toBeInstanceOf(Date);
    // A used link still shows what was decided, and takes no other decision.
    const page = await callLoader(externalHpWp, `/external/hp-wp/${linkId}?token=${token}`, {
      params: { id: linkId },
    });
    expect(page.data.state).toBe("used");
    expect(page.data.points[0]).toMatchObject({ decidable: false, decidedByName: "Carl Client" });
    const again = await decide(linkId, token, {
      itemId: witness.id,
      decision: "reject",
      remark: "x",
      decidedByName: "C",
    });
    expect(again.status).toBe(410);
  });

  it("re-renders a refused decision with its message and writes nothing", async () => {
    const { lot, hold, site } = await heldLot();
    const { linkId, token } = await notifyClient(lot, site.cookie, [hold.id]);
    const noRemark = await decide(
      linkId,
      token,
      { itemId: hold.id, decision: "reject", decidedByName: "Carl Client" },
      [new File(["x"], "photo.jpg", { type: "image/jpeg" })],
    );
    expect(noRemark.status).toBe(400);
    expect(noRemark.data).toMatchObject({
      itemId: hold.id,
      result: { error: { remark: ["Please give a remark for this decision"] } },
    });
    const noName = await decide(linkId, token, { itemId: hold.id, decision: "release", decidedByName: " " });
    expect(noName.status).toBe(400);
    expect(noName.data.result.error.decidedByName).toBeTruthy();
    const badType = await decide(
      linkId,
      token,
      { itemId: hold.id, decision: "release", decidedByName: "Carl" },
      [new File(["MZ"], "setup.exe")],
    );
    expect(badType.status).toBe(400);
    expect((await pointOf(lot, hold.id))?.state).toBe("notified");
    expect(storedFiles()).toEqual([]);
    expect(await db.em.count(Attachment, { entityType: POINT_EVIDENCE }, { filters: false })).toBe(0);
  });

  it("refuses evidence over 100 MB with the spec's message, keeping no file", async () => {
    const { lot, hold, site } = await heldLot();
    const { linkId, token } = await notifyClient(lot, site.cookie, [hold.id]);
    const limit = 100 * 1024 * 1024;
    const boundary = "----hpwp-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="itemId"\r\n\r\n${hold.id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="decision"\r\n\r\nrelease\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="decidedByName"\r\n\r\nCarl\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="site.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 1);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent > limit) {
          controller.enqueue(tail);
          controller.close();
          return;
        }
        const part = sent + chunk.length > limit ? chunk.subarray(0, limit + 1 - sent) : chunk;
        controller.enqueue(part);
        sent += part.length;
      },
    });
    const request = new Request(`http://localhost:3000/external/hp-wp/${linkId}?token=${token}`, {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    const refused = (await externalHpWp.action({
      request,
      params: { id: linkId },
      context: {},
    } as never)) as any;
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error[""]).toEqual([
      "These files exceed 100MB. Please check file size and try again.",
    ]);
    expect((await pointOf(lot, hold.id))?.state).toBe("notified");
    expect(storedFiles()).toEqual([]);
  }, 60_000);
});

describe("the link's states", () => {
  it("answers invalid (404), expired and revoked (410), and scopes the link to its lot and points", async () => {
    const { project, lot, hold, witness, site } = await heldLot();
    const { linkId, token } = await notifyClient(lot, site.cookie, [hold.id]);
    const open = (id: string, tok: string) =>
      callLoader(externalHpWp, `/external/hp-wp/${id}?token=${tok}`, { params: { id } });

    expect((await open(linkId, "made-up-token")).status).toBe(404);
    expect((await open(linkId, "")).status).toBe(404);
    // The token of this link on another link's address, another lot or a point it does not cover.
    expect((await open("00000000-0000-4000-8000-000000000000", token)).status).toBe(404);
    const other = await makeLot(db.em, project);
    const otherLot = await callLoader(
      externalPoint,
      `/external/lot/${other.id}/hp-wp/${hold.id}?token=${token}`,
      { params: { lotId: other.id, hpwpId: hold.id } },
    );
    expect(otherLot.status).toBe(404);
    const notCovered = await callLoader(
      externalPoint,
      `/external/lot/${lot.id}/hp-wp/${witness.id}?token=${token}`,
      { params: { lotId: lot.id, hpwpId: witness.id } },
    );
    expect(notCovered.status).toBe(404);

    await db.em.nativeUpdate(
      LotClientLink,
      { id: linkId },
      { expiresAt: new Date(Date.now() - 1000) },
      {
        filters: false,
      },
    );
    const expired = await open(linkId, token);
    expect(expired.status).toBe(410);
    expect(expired.data).toEqual({ state: "expired" });
    const late = await decide(linkId, token, { itemId: hold.id, decision: "release", decidedByName: "Carl" });
    expect(late.status).toBe(410);
    expect((await pointOf(lot, hold.id))?.state).toBe("notified");
  });

  it("is revoked from the lot by who may notify; a revoked link opens nothing", async () => {
    const { project, lot, hold, site } = await heldLot();
    const { linkId, token } = await notifyClient(lot, site.cookie, [hold.id]);
    const links = await callLoader(clientLinks, `/quality/lot/${lot.id}/client-links`, {
      cookie: site.cookie,
      params: { id: lot.id },
    });
    expect(links.data.links).toEqual([
      expect.objectContaining({ id: linkId, state: "valid", canRevoke: true, purpose: "hold-points" }),
    ]);
    const viewer = await memberWith(db.em, project, ["quality.lot.view"]);
    const forbidden = await callAction(clientLinks, `/quality/lot/${lot.id}/client-links`, {
      cookie: viewer.cookie,
      params: { id: lot.id },
      form: { intent: "revoke-link", linkId },
    });
    expect(forbidden.status).toBe(403);
    const revoked = await callAction(clientLinks, `/quality/lot/${lot.id}/client-links`, {
      cookie: site.cookie,
      params: { id: lot.id },
      form: { intent: "revoke-link", linkId, from: "hp-wp" },
    });
    expect(revoked.status).toBe(302);
    expect(revoked.location).toBe(`/quality/lot/${lot.id}/hp-wp`);
    const tab = await callLoader(lotHpWp, `/quality/lot/${lot.id}/hp-wp`, {
      cookie: site.cookie,
      params: { id: lot.id },
    });
    expect(tab.data.clientLinks).toEqual([
      expect.objectContaining({ id: linkId, state: "revoked", canRevoke: false }),
    ]);
    const page = await callLoader(externalHpWp, `/external/hp-wp/${linkId}?token=${token}`, {
      params: { id: linkId },
    });
    expect(page.status).toBe(410);
    expect(page.data).toEqual({ state: "revoked" });
    const evidence = await callLoader(
      externalEvidence,
      `/external/lot/${lot.id}/hp-wp-attachment/${hold.id}?token=${token}`,
      { params: { lotId: lot.id, hpwpId: hold.id } },
    );
    expect(evidence.status).toBe(410);
  });
});

describe("a point's member pages", () => {
  it("shows the point to lot viewers, and lets the notify permission add evidence until the point is final", async () => {
    const { project, lot, hold, site, qa } = await heldLot();
    const outsider = await memberWith(db.em, project, ["quality.itp.view"]);
    const path = `/quality/lot/${lot.id}/hp-wp/${hold.id}`;
    const refused = await callLoader(pointPage, path, {
      cookie: outsider.cookie,
      params: { lotId: lot.id, itpId: hold.id },
    });
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/forbidden");
    const viewer = await memberWith(db.em, project, ["quality.lot.view"]);
    const page = await callLoader(pointPage, path, {
      cookie: viewer.cookie,
      params: { lotId: lot.id, itpId: hold.id },
    });
    expect(page.data.point).toMatchObject({
      state: "not_started",
      activity: "Inspect reinforcement",
      kind: "H",
    });
    expect(page.data.canAddEvidence).toBe(false);
    const missing = await callLoader(pointPage, `/quality/lot/${lot.id}/hp-wp/${lot.id}`, {
      cookie: viewer.cookie,
      params: { lotId: lot.id, itpId: lot.id },
    });
    expect(missing.status).toBe(404);

    const evidencePath = `/quality/lot/${lot.id}/hp-wp-attachment/${hold.id}`;
    const upload = (cookie: string) =>
      callAction(pointEvidence, evidencePath, {
        cookie,
        params: { lotId: lot.id, itpId: hold.id },
        multipart: decisionForm({}, [new File(["jpg"], "bars.jpg", { type: "image/jpeg" })]),
      });
    expect((await upload(viewer.cookie)).status).toBe(403);
    expect((await upload(site.cookie)).status).toBe(302);
    const list = await callLoader(pointEvidence, evidencePath, {
      cookie: viewer.cookie,
      params: { lotId: lot.id, itpId: hold.id },
    });
    expect(list.data.files.map((file: any) => [file.fileName, file.uploadedBy])).toEqual([
      ["bars.jpg", "Sam Site"],
    ]);

    // Released (QA on the client's behalf): final, no more evidence.
    await db.em.nativeUpdate(
      LotInspectionPoint,
      { lot: lot.id, item: hold.id },
      { state: "released" },
      {
        filters: false,
      },
    );
    const late = await upload(site.cookie);
    expect(late.status).toBe(302);
    expect(storedFiles()).toHaveLength(1);
    const detail = await callLoader(pointPage, path, {
      cookie: qa.cookie,
      params: { lotId: lot.id, itpId: hold.id },
    });
    expect(detail.data.evidence).toHaveLength(1);
    expect(detail.data.canAddEvidence).toBe(false);
  });
});
