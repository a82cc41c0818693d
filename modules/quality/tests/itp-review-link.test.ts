import { describe, expect, it } from "vitest";
import { Notification } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { ItpReview, ItpReviewLink } from "../entities";
import * as externalItp from "../routes/external-itp";
import * as itpDetail from "../routes/itp-detail";
import * as externalReview from "../routes/itp-external-review";
import * as internalReview from "../routes/itp-internal-review";
import { english, mailsTo, makeItp, memberWith, reload } from "./itp-fixtures";

const db = setupTestDatabase();

/** An ITP Quality has approved and sent to the client: the token is read from the client's mail. */
async function sentToClient(clientEmail = "carl@client.test") {
  const project = await createProject(db.em, { name: "Harbour Bridge" });
  const author = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.edit"], {
    name: "Alice Author",
  });
  const quinn = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.internal-review"], {
    name: "Quinn Quality",
  });
  const cleo = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.external-review"], {
    name: "Cleo Client",
  });
  const itp = await makeItp(db.em, project, { status: "internal_review", submittedBy: author.user });
  await callAction(internalReview, `/quality/itp/internal-review/${itp.id}`, {
    cookie: quinn.cookie,
    params: { id: itp.id },
    form: { decision: "send_external", reviewerName: "Quinn", clientName: "Carl Client", clientEmail },
  });
  const [mail] = await mailsTo(db.em, clientEmail);
  const token = mail.text.match(/token=([A-Za-z0-9_-]+)/)![1];
  const [link] = await scopeToProject(db.em, project.id).find(ItpReviewLink, { itp: itp.id });
  return { project, author, quinn, cleo, itp, token, link };
}

const pagePath = (itpId: string, token: string) => `/external/itp/${itpId}?token=${token}`;
const open = (itpId: string, token: string) =>
  callLoader(externalItp, pagePath(itpId, token), { params: { id: itpId } });
const decide = (itpId: string, token: string, form: Record<string, string>) =>
  callAction(externalItp, pagePath(itpId, token), { params: { id: itpId }, form: { token, ...form } });
const reviewsOf = (projectId: string) =>
  scopeToProject(db.em, projectId).find(ItpReview, { scope: "EXTERNAL" });

describe("the client's review link", () => {
  it("shows the ITP without an account and approves it with a plain form post (no JavaScript)", async () => {
    const { project, itp, token, link } = await sentToClient();
    const page = await open(itp.id, token);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "valid", token, recipientName: "Carl Client" });
    expect(page.data.itp).toMatchObject({ number: itp.number, projectName: "Harbour Bridge" });
    expect(page.data.itp.items.map((item: any) => item.inspectionPoint)).toEqual(["C", "H"]);

    const result = await decide(itp.id, token, {
      decision: "approved",
      reviewerName: "Carl Client",
      signature: "",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${pagePath(itp.id, token)}&thanks=1`);
    const stored = await reload(db.em, project, itp.id);
    expect(stored.status).toBe("active");
    expect(String(stored.approvalDate)).toBe(new Date().toISOString().slice(0, 10));
    const [review] = await reviewsOf(project.id);
    expect(review).toMatchObject({
      decision: "approved",
      reviewer: null,
      reviewerName: "Carl Client",
      signature: null,
      link: { id: link.id },
      revision: 0,
    });
    expect(
      (await scopeToProject(db.em, project.id).findOneOrFail(ItpReviewLink, link.id)).usedAt,
    ).toBeInstanceOf(Date);

    const told = await db.em.find(
      Notification,
      { event: "itp-external-approved" },
      { populate: ["recipient"] },
    );
    expect(told.map((notification) => notification.recipient.name).sort()).toEqual([
      "Alice Author",
      "Quinn Quality",
    ]);
    expect(told[0].body).toBe(
      `Carl Client approved ITP ${itp.number} "${itp.title}" for the client. It is now active.`,
    );

    const thanks = await callLoader(externalItp, `${pagePath(itp.id, token)}&thanks=1`, {
      params: { id: itp.id },
    });
    expect(thanks.data).toMatchObject({
      state: "used",
      thanks: true,
      decision: "approved",
      number: itp.number,
    });
  });

  it("refuses a rejection without a reason (nothing written, the link still works), then records one", async () => {
    const { project, itp, token } = await sentToClient();
    const noReason = await decide(itp.id, token, { decision: "rejected", reviewerName: "Carl" });
    expect(noReason.status).toBe(400);
    expect(noReason.data.error.comment).toEqual([await english("itp.errors.commentRequired")]);
    const noName = await decide(itp.id, token, { decision: "approved" });
    expect(noName.data.error.reviewerName).toEqual(["This field is required"]);
    expect(await reviewsOf(project.id)).toEqual([]);
    expect((await open(itp.id, token)).data.state).toBe("valid");

    await decide(itp.id, token, {
      decision: "rejected",
      reviewerName: "Carl",
      comment: "Wrong specification",
    });
    expect(await reload(db.em, project, itp.id)).toMatchObject({
      status: "rejected_by_client",
      lastRejectionComment: "Wrong specification",
    });
    expect(await db.em.count(Notification, { event: "itp-external-rejected" })).toBe(2);
  });

  it("works once: a second decision through the same link is refused and changes nothing", async () => {
    const { project, itp, token } = await sentToClient();
    await decide(itp.id, token, { decision: "approved", reviewerName: "Carl" });
    const second = await decide(itp.id, token, {
      decision: "rejected",
      reviewerName: "Carl",
      comment: "Changed my mind",
    });
    expect(second.data).toMatchObject({ state: "used", decision: "approved", reviewerName: "Carl" });
    expect((await reload(db.em, project, itp.id)).status).toBe("active");
    expect(await reviewsOf(project.id)).toHaveLength(1);
    const page = await open(itp.id, token);
    expect(page.data).toMatchObject({ state: "used", thanks: false });
  });

  it("says 'Link Expired' once the link is past its lifetime, and records nothing", async () => {
    const { project, itp, token, link } = await sentToClient();
    const em = scopeToProject(db.em, project.id);
    const stored = await em.findOneOrFail(ItpReviewLink, link.id);
    stored.expiresAt = new Date(Date.now() - 1000);
    await em.flush();
    const page = await open(itp.id, token);
    expect(page.status).toBe(410);
    expect(page.data.state).toBe("expired");
    expect(await english("itp.external.expiredTitle")).toBe("Link Expired");
    const late = await decide(itp.id, token, { decision: "approved", reviewerName: "Carl" });
    expect(late.status).toBe(410);
    expect((await reload(db.em, project, itp.id)).status).toBe("external_review");
    expect(await reviewsOf(project.id)).toEqual([]);
  });

  it("stops working when Quality revokes it; Quality can send another that works", async () => {
    const { project, quinn, itp, token, link } = await sentToClient();
    const path = `/quality/itp/${itp.id}`;
    const revoked = await callAction(itpDetail, path, {
      cookie: quinn.cookie,
      params: { id: itp.id },
      form: { intent: "revoke-link", linkId: link.id },
    });
    expect(revoked.status).toBe(302);
    expect((await open(itp.id, token)).data.state).toBe("revoked");
    expect((await decide(itp.id, token, { decision: "approved", reviewerName: "Carl" })).status).toBe(410);

    const invalid = await callAction(itpDetail, path, {
      cookie: quinn.cookie,
      params: { id: itp.id },
      form: { intent: "send-link", clientName: "", clientEmail: "nope" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.data.error).toMatchObject({
      clientName: ["This field is required"],
      clientEmail: ["Invalid email"],
    });

    await callAction(itpDetail, path, {
      cookie: quinn.cookie,
      params: { id: itp.id },
      form: { intent: "send-link", clientName: "Dana", clientEmail: "dana@client.test" },
    });
    const [mail] = await mailsTo(db.em, "dana@client.test");
    const fresh = mail.text.match(/token=([A-Za-z0-9_-]+)/)![1];
    expect((await open(itp.id, fresh)).data.state).toBe("valid");
    // The team heard when the ITP first went to the client; a resent link tells only the client.
    expect(await db.em.count(Notification, { event: "itp-internal-approved-send-external" })).toBe(2);
    await decide(itp.id, fresh, { decision: "approved", reviewerName: "Dana" });
    expect((await reload(db.em, project, itp.id)).status).toBe("active");
  });

  it("refuses revoking or sending links to a member without internal-review (403)", async () => {
    const { author, itp, link } = await sentToClient();
    const forms: Record<string, string>[] = [
      { intent: "revoke-link", linkId: link.id },
      { intent: "send-link", clientName: "Eve", clientEmail: "eve@client.test" },
    ];
    for (const form of forms) {
      const result = await callAction(itpDetail, `/quality/itp/${itp.id}`, {
        cookie: author.cookie,
        params: { id: itp.id },
        form,
      });
      expect(result.status).toBe(403);
    }
    expect(await mailsTo(db.em, "eve@client.test")).toEqual([]);
  });

  it("treats a wrong token, or another ITP's token, as a link that is not valid (404), writing nothing", async () => {
    const { project, itp, token } = await sentToClient();
    const other = await makeItp(db.em, project, { status: "external_review" });
    const wrongItp = await open(other.id, token);
    expect(wrongItp.status).toBe(404);
    expect(wrongItp.data).toEqual({ state: "invalid" });
    const posted = await decide(other.id, token, { decision: "approved", reviewerName: "Carl" });
    expect(posted.status).toBe(404);
    expect((await reload(db.em, project, other.id)).status).toBe("external_review");
    expect((await open(itp.id, `${token}x`)).status).toBe(404);
    expect((await open(itp.id, "")).status).toBe(404);
    expect((await open("not-a-uuid", token)).status).toBe(404);
    expect(await reviewsOf(project.id)).toEqual([]);
  });

  it("is superseded once the ITP has moved on without it (a member decided, or a new revision)", async () => {
    const { project, author, cleo, itp, token } = await sentToClient();
    await callAction(externalReview, `/quality/itp/external-review/${itp.id}`, {
      cookie: cleo.cookie,
      params: { id: itp.id },
      form: { decision: "rejected", reviewerName: "Cleo", comment: "Missing item" },
    });
    expect((await open(itp.id, token)).data.state).toBe("superseded");

    await callAction(itpDetail, `/quality/itp/${itp.id}`, {
      cookie: author.cookie,
      params: { id: itp.id },
      form: { intent: "revise" },
    });
    // Even back in the client's hands later, the old link names revision 0, not 1.
    const em = scopeToProject(db.em, project.id);
    const stored = await reload(em, project, itp.id);
    stored.status = "external_review";
    await em.flush();
    expect((await open(itp.id, token)).data.state).toBe("superseded");
    const refused = await decide(itp.id, token, { decision: "approved", reviewerName: "Carl" });
    expect(refused.status).toBe(410);
    expect((await reload(db.em, project, itp.id)).status).toBe("external_review");
  });
});
