import { describe, expect, it } from "vitest";
import { ActivityLog, Notification, OutboxMail } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { readToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signIn } from "~/tests/setup/requests";
import { ItpItem, ItpReview, ItpReviewLink } from "../entities";
import * as itpDetail from "../routes/itp-detail";
import * as externalReview from "../routes/itp-external-review";
import * as internalReview from "../routes/itp-internal-review";
import { english, mailsTo, makeItp, memberWith, notificationsOf, reload } from "./itp-fixtures";

const db = setupTestDatabase();
const LIST = "/quality/itp";

/** A project team: the author, two Quality reviewers, a client member, a viewer, and a super admin outside it. */
async function team() {
  const project = await createProject(db.em, { name: "Harbour Bridge" });
  const author = await memberWith(
    db.em,
    project,
    [
      "quality.itp.view",
      "quality.itp.create",
      "quality.itp.edit",
      "quality.itp.archive",
      "quality.itp.internal-review",
    ],
    { name: "Alice Author", email: "alice@siteproof.test" },
  );
  const quinn = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.internal-review"], {
    name: "Quinn Quality",
    email: "quinn@siteproof.test",
  });
  const quentin = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.internal-review"], {
    name: "Quentin Quality",
    email: "quentin@siteproof.test",
    locale: "vi",
  });
  const cleo = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.external-review"], {
    name: "Cleo Client",
    email: "cleo@client.test",
  });
  const viewer = await memberWith(db.em, project, ["quality.itp.view"], { name: "Vic Viewer" });
  await createUser(db.em, { isSuperAdmin: true, email: "root@siteproof.test" });
  return { project, author, quinn, quentin, cleo, viewer };
}

const detailPath = (id: string) => `${LIST}/${id}`;
const allNotifications = () => db.em.find(Notification, {}, { populate: ["recipient"] });
const recipientsOf = async (event: string) =>
  (await allNotifications())
    .filter((notification) => notification.event === event)
    .map((notification) => notification.recipient.name)
    .sort();

describe("submitting an ITP for review", () => {
  it("refuses an ITP with no items: it stays a draft, nothing is logged and no one is told", async () => {
    const { project, author, quinn } = await team();
    const itp = await makeItp(db.em, project, { title: "Empty plan" });
    await db.em.nativeDelete(ItpItem, { itp: itp.id }, { filters: false });
    const result = await callAction(itpDetail, detailPath(itp.id), {
      cookie: author.cookie,
      params: { id: itp.id },
      form: { intent: "submit_for_review" },
    });
    expect(result.status).toBe(302);
    const cookie = result.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(toast).toMatchObject({ type: "error", message: "quality:itp.toast.noItems" });
    expect(await reload(db.em, project, itp.id)).toMatchObject({ status: "draft", submittedBy: null });
    expect(await db.em.count(ActivityLog, { entityId: itp.id }, { filters: false })).toBe(0);
    expect(await notificationsOf(db.em, quinn.user)).toEqual([]);
    const t = await serverT("en", "quality");
    expect(t("quality:itp.toast.noItems")).toBe(
      "An ITP with no items cannot be submitted for review: add its items first.",
    );
  });

  it("moves a draft to In Review by Quality and tells the quality reviewers, not the submitter", async () => {
    const { project, author, quinn, quentin } = await team();
    const itp = await makeItp(db.em, project, { title: "Deck pour" });
    const result = await callAction(itpDetail, detailPath(itp.id), {
      cookie: author.cookie,
      params: { id: itp.id },
      form: { intent: "submit_for_review" },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(detailPath(itp.id));
    const stored = await reload(db.em, project, itp.id);
    expect(stored).toMatchObject({ status: "internal_review", submittedBy: { id: author.user.id } });
    expect(stored.submittedAt).toBeInstanceOf(Date);

    expect(await recipientsOf("itp-submitted")).toEqual(["Quentin Quality", "Quinn Quality"]);
    const [forQuinn] = await notificationsOf(db.em, quinn.user);
    expect(forQuinn).toMatchObject({
      title: `${itp.number} is waiting for Quality's review`,
      body: `Alice Author sent ITP ${itp.number} "Deck pour" for review by Quality.`,
      link: detailPath(itp.id),
      project: { id: project.id },
    });
    // Quentin chose Vietnamese: his notification and mail are in it.
    const [forQuentin] = await notificationsOf(db.em, quentin.user);
    expect(forQuentin.title).toBe(`${itp.number} đang chờ QA xem xét`);
    const [mail] = await mailsTo(db.em, "quinn@siteproof.test");
    expect(mail.subject).toBe(forQuinn.title);
    expect(mail.text).toContain(`http://localhost:3000${detailPath(itp.id)}`);
    expect(await mailsTo(db.em, "alice@siteproof.test")).toEqual([]);
    expect(await mailsTo(db.em, "root@siteproof.test")).toEqual([]);

    const [entry] = await db.em.find(ActivityLog, {
      entityType: "itp",
      entityId: itp.id,
      action: "status-changed",
    });
    expect(entry.before).toEqual({ status: "draft", revision: 0 });
    expect(entry.after).toMatchObject({ status: "internal_review", action: "submit_for_review" });
  });

  it("refuses a viewer (403) and a second submit (not allowed from the state), changing nothing", async () => {
    const { project, author, viewer } = await team();
    const itp = await makeItp(db.em, project);
    const refused = await callAction(itpDetail, detailPath(itp.id), {
      cookie: viewer.cookie,
      params: { id: itp.id },
      form: { intent: "submit_for_review" },
    });
    expect(refused.status).toBe(403);
    expect((await reload(db.em, project, itp.id)).status).toBe("draft");

    const inReview = await makeItp(db.em, project, { status: "internal_review" });
    const again = await callAction(itpDetail, detailPath(inReview.id), {
      cookie: author.cookie,
      params: { id: inReview.id },
      form: { intent: "submit_for_review" },
    });
    expect(again.status).toBe(302);
    expect(again.headers.get("Set-Cookie")).toBeTruthy();
    expect(await db.em.count(Notification, {})).toBe(0);
    expect(await db.em.count(ActivityLog, { action: "status-changed" })).toBe(0);
  });
});

describe("Quality's review", () => {
  const internalPath = (id: string) => `${LIST}/internal-review/${id}`;

  it("approves and sends to the client: a review link is mailed, the submitter and client reviewers are told", async () => {
    const { project, author, quinn } = await team();
    const itp = await makeItp(db.em, project, { status: "internal_review", submittedBy: author.user });
    const page = await callLoader(internalReview, internalPath(itp.id), {
      cookie: quinn.cookie,
      params: { id: itp.id },
    });
    expect(page.data.waiting).toBe(true);
    expect(page.data.itp.items).toHaveLength(2);

    const result = await callAction(internalReview, internalPath(itp.id), {
      cookie: quinn.cookie,
      params: { id: itp.id },
      form: {
        decision: "send_external",
        reviewerName: "Quinn Q.",
        comment: "Fine by Quality",
        signature: "data:image/png;base64,iVBORw0KGgo=",
        clientName: "Carl Client",
        clientEmail: "Carl@Client.test",
      },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(detailPath(itp.id));
    expect((await reload(db.em, project, itp.id)).status).toBe("external_review");

    const scoped = scopeToProject(db.em, project.id);
    const [review] = await scoped.find(ItpReview, { itp: itp.id });
    expect(review).toMatchObject({
      scope: "INTERNAL",
      decision: "approved",
      revision: 0,
      reviewer: { id: quinn.user.id },
      reviewerName: "Quinn Q.",
      comment: "Fine by Quality",
      signature: "data:image/png;base64,iVBORw0KGgo=",
    });
    const [link] = await scoped.find(ItpReviewLink, { itp: itp.id });
    expect(link).toMatchObject({
      recipientName: "Carl Client",
      recipientEmail: "carl@client.test",
      revision: 0,
    });
    expect(link.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const days = (link.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    const [clientMail] = await mailsTo(db.em, "carl@client.test");
    expect(clientMail.subject).toBe(`Please review ITP ${itp.number} of Harbour Bridge`);
    expect(clientMail.text).toMatch(
      new RegExp(`http://localhost:3000/external/itp/${itp.id}\\?token=[A-Za-z0-9_-]{43}`),
    );
    // Only the hash is stored: the token in the mail is not.
    expect(clientMail.text).not.toContain(link.tokenHash);

    expect(await recipientsOf("itp-internal-approved-send-external")).toEqual([
      "Alice Author",
      "Cleo Client",
    ]);
    const [forAlice] = await notificationsOf(db.em, author.user);
    expect(forAlice.body).toBe(
      `Quinn Q. approved ITP ${itp.number} "${itp.title}" and sent it to Carl Client for review.`,
    );
    expect(await notificationsOf(db.em, quinn.user)).toEqual([]);
    expect(await mailsTo(db.em, "cleo@client.test")).toHaveLength(1);

    const detail = await callLoader(itpDetail, detailPath(itp.id), {
      cookie: author.cookie,
      params: { id: itp.id },
    });
    expect(detail.data.links).toEqual([
      expect.objectContaining({ recipientEmail: "carl@client.test", state: "valid" }),
    ]);
    expect(detail.data.reviews).toEqual([
      expect.objectContaining({ decision: "approved", scope: "INTERNAL", reviewerAccount: "Quinn Quality" }),
    ]);
  });

  it("needs the client's name and a valid e-mail to send, a reviewer name always, and writes nothing otherwise", async () => {
    const { project, quinn } = await team();
    const itp = await makeItp(db.em, project, { status: "internal_review" });
    const result = await callAction(internalReview, internalPath(itp.id), {
      cookie: quinn.cookie,
      params: { id: itp.id },
      form: { decision: "send_external", clientEmail: "not-an-email", signature: "javascript:alert(1)" },
    });
    expect(result.status).toBe(400);
    expect(result.data.error).toMatchObject({
      reviewerName: ["This field is required"],
      clientName: ["This field is required"],
      clientEmail: ["Invalid email"],
      signature: [await english("itp.errors.signature")],
    });
    expect((await reload(db.em, project, itp.id)).status).toBe("internal_review");
    expect(await db.em.count(ItpReviewLink, {}, { filters: false })).toBe(0);
    expect(await db.em.count(OutboxMail, {})).toBe(0);
  });

  it("approves for internal use: active, approval date today, the submitter told", async () => {
    const { project, author, quinn } = await team();
    const itp = await makeItp(db.em, project, { status: "internal_review", submittedBy: author.user });
    await callAction(internalReview, internalPath(itp.id), {
      cookie: quinn.cookie,
      params: { id: itp.id },
      form: { decision: "activate", reviewerName: "Quinn Quality" },
    });
    const stored = await reload(db.em, project, itp.id);
    expect(stored.status).toBe("active");
    expect(String(stored.approvalDate)).toBe(new Date().toISOString().slice(0, 10));
    expect(await recipientsOf("itp-internal-approved-send-internal")).toEqual(["Alice Author"]);
    const [review] = await scopeToProject(db.em, project.id).find(ItpReview, { itp: itp.id });
    expect(review).toMatchObject({ decision: "approved", signature: null, reviewerName: "Quinn Quality" });
  });

  it("rejects only with a reason; the reason shows on the ITP until it is revised, then a new revision starts", async () => {
    const { project, author, quinn } = await team();
    const itp = await makeItp(db.em, project, { status: "internal_review", submittedBy: author.user });
    const path = internalPath(itp.id);
    const noReason = await callAction(internalReview, path, {
      cookie: quinn.cookie,
      params: { id: itp.id },
      form: { decision: "reject", reviewerName: "Quinn", comment: "   " },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.data.error.comment).toEqual([await english("itp.errors.commentRequired")]);
    expect(await db.em.count(ItpReview, {}, { filters: false })).toBe(0);

    await callAction(internalReview, path, {
      cookie: quinn.cookie,
      params: { id: itp.id },
      form: { decision: "reject", reviewerName: "Quinn", comment: "Hold point missing for the pour" },
    });
    expect(await reload(db.em, project, itp.id)).toMatchObject({
      status: "rejected_by_quality",
      lastRejectionComment: "Hold point missing for the pour",
    });
    const [told] = await notificationsOf(db.em, author.user);
    expect(told).toMatchObject({
      event: "itp-internal-rejected",
      body: `Quinn rejected ITP ${itp.number} "${itp.title}": Hold point missing for the pour`,
    });
    const detail = await callLoader(itpDetail, detailPath(itp.id), {
      cookie: author.cookie,
      params: { id: itp.id },
    });
    expect(detail.data.itp.rejectionComment).toBe("Hold point missing for the pour");
    expect(detail.data.actions.map((row: any) => row.action)).toEqual(["revise", "archive"]);

    await callAction(itpDetail, detailPath(itp.id), {
      cookie: author.cookie,
      params: { id: itp.id },
      form: { intent: "revise" },
    });
    expect(await reload(db.em, project, itp.id)).toMatchObject({
      status: "draft",
      revision: 1,
      lastRejectionComment: null,
    });
    expect(await db.em.count(Notification, {})).toBe(1);
  });

  it("shows a page that is not waiting for review, refuses its decisions (409), and keeps others out", async () => {
    const { project, quinn, cleo } = await team();
    const draft = await makeItp(db.em, project);
    const page = await callLoader(internalReview, internalPath(draft.id), {
      cookie: quinn.cookie,
      params: { id: draft.id },
    });
    expect(page.data.waiting).toBe(false);
    const late = await callAction(internalReview, internalPath(draft.id), {
      cookie: quinn.cookie,
      params: { id: draft.id },
      form: { decision: "activate", reviewerName: "Quinn" },
    });
    expect(late.status).toBe(409);
    expect(late.data.error[""]).toEqual([await english("itp.toast.notAllowed")]);

    const inReview = await makeItp(db.em, project, { status: "internal_review" });
    const outsider = await callAction(internalReview, internalPath(inReview.id), {
      cookie: cleo.cookie,
      params: { id: inReview.id },
      form: { decision: "activate", reviewerName: "Cleo" },
    });
    expect(outsider.location).toBe("/forbidden");
    expect((await reload(db.em, project, inReview.id)).status).toBe("internal_review");
  });
});

describe("the client's review by a signed-in member", () => {
  const externalPath = (id: string) => `${LIST}/external-review/${id}`;

  it("approves: active, the submitter and the quality reviewers told, the client not", async () => {
    const { project, author, cleo } = await team();
    const itp = await makeItp(db.em, project, { status: "external_review", submittedBy: author.user });
    const result = await callAction(externalReview, externalPath(itp.id), {
      cookie: cleo.cookie,
      params: { id: itp.id },
      form: { decision: "approved", reviewerName: "Cleo Client" },
    });
    expect(result.status).toBe(302);
    expect((await reload(db.em, project, itp.id)).status).toBe("active");
    expect(await recipientsOf("itp-external-approved")).toEqual([
      "Alice Author",
      "Quentin Quality",
      "Quinn Quality",
    ]);
    const [review] = await scopeToProject(db.em, project.id).find(ItpReview, { itp: itp.id });
    expect(review).toMatchObject({ scope: "EXTERNAL", reviewer: { id: cleo.user.id }, link: null });
  });

  it("rejects with a reason only, and keeps out a member without external-review", async () => {
    const { project, author, quinn, cleo } = await team();
    const itp = await makeItp(db.em, project, { status: "external_review", submittedBy: author.user });
    const noReason = await callAction(externalReview, externalPath(itp.id), {
      cookie: cleo.cookie,
      params: { id: itp.id },
      form: { decision: "rejected", reviewerName: "Cleo" },
    });
    expect(noReason.status).toBe(400);
    const byQuality = await callAction(externalReview, externalPath(itp.id), {
      cookie: quinn.cookie,
      params: { id: itp.id },
      form: { decision: "approved", reviewerName: "Quinn" },
    });
    expect(byQuality.location).toBe("/forbidden");
    await callAction(externalReview, externalPath(itp.id), {
      cookie: cleo.cookie,
      params: { id: itp.id },
      form: { decision: "rejected", reviewerName: "Cleo", comment: "Add the survey check" },
    });
    expect(await reload(db.em, project, itp.id)).toMatchObject({
      status: "rejected_by_client",
      lastRejectionComment: "Add the survey check",
    });
    expect(await recipientsOf("itp-external-rejected")).toEqual([
      "Alice Author",
      "Quentin Quality",
      "Quinn Quality",
    ]);
  });
});

describe("archiving", () => {
  it("asks for confirmation, archives, restores as a draft, and is refused while under review", async () => {
    const { project, author, viewer } = await team();
    const itp = await makeItp(db.em, project, { status: "active" });
    const post = (cookie: string, form: Record<string, string>, id = itp.id) =>
      callAction(itpDetail, detailPath(id), { cookie, params: { id }, form });

    const unconfirmed = await post(author.cookie, { intent: "archive" });
    expect(unconfirmed.location).toBe(`${detailPath(itp.id)}?confirm=archive`);
    expect((await reload(db.em, project, itp.id)).status).toBe("active");

    expect((await post(viewer.cookie, { intent: "archive", confirmed: "yes" })).status).toBe(403);
    await post(author.cookie, { intent: "archive", confirmed: "yes" });
    expect((await reload(db.em, project, itp.id)).status).toBe("archived");
    await post(author.cookie, { intent: "restore" });
    expect((await reload(db.em, project, itp.id)).status).toBe("draft");

    const inReview = await makeItp(db.em, project, { status: "internal_review" });
    await post(author.cookie, { intent: "archive", confirmed: "yes" }, inReview.id);
    expect((await reload(db.em, project, inReview.id)).status).toBe("internal_review");
    expect(await db.em.count(Notification, {})).toBe(0);
  });

  it("offers each user only the buttons the workflow table grants them", async () => {
    const { project, author, viewer, quinn } = await team();
    const itp = await makeItp(db.em, project);
    const forAuthor = await callLoader(itpDetail, detailPath(itp.id), {
      cookie: author.cookie,
      params: { id: itp.id },
    });
    expect(forAuthor.data.actions.map((row: any) => row.action)).toEqual(["submit_for_review", "archive"]);
    expect(forAuthor.data.can).toMatchObject({
      edit: true,
      useAsTemplate: true,
      download: false,
      addToLibrary: false,
    });
    const forViewer = await callLoader(itpDetail, detailPath(itp.id), {
      cookie: viewer.cookie,
      params: { id: itp.id },
    });
    expect(forViewer.data.actions).toEqual([]);
    expect(forViewer.data.can.edit).toBe(false);
    const inReview = await makeItp(db.em, project, { status: "internal_review" });
    const forQuinn = await callLoader(itpDetail, detailPath(inReview.id), {
      cookie: quinn.cookie,
      params: { id: inReview.id },
    });
    expect(forQuinn.data.actions.map((row: any) => row.action)).toEqual([
      "internal_approve_send_external",
      "internal_approve_activate",
      "internal_reject",
    ]);
  });

  it("lets a super admin (not a member) run every step; members are told, the admin is not", async () => {
    const { project, quinn } = await team();
    const admin = await createUser(db.em, { isSuperAdmin: true, email: "admin@siteproof.test" });
    const cookie = await signIn(db.em, admin, { projectId: project.id });
    const itp = await makeItp(db.em, project);
    await callAction(itpDetail, detailPath(itp.id), {
      cookie,
      params: { id: itp.id },
      form: { intent: "submit_for_review" },
    });
    expect((await reload(db.em, project, itp.id)).status).toBe("internal_review");
    expect(await notificationsOf(db.em, quinn.user)).toHaveLength(1);
    expect(await mailsTo(db.em, "admin@siteproof.test")).toEqual([]);
  });
});
