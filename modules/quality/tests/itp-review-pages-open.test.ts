/**
 * Spec 2 marks `/quality/itp/internal-review/{id}` and `/quality/itp/external-review/{id}` open access:
 * opened with a valid review link they work without signing in, scoped to the link's ITP and project,
 * expiring and good for one decision, like `/external/itp/{id}`; without a link they are the members'
 * pages they were. Plain form posts throughout: what a browser without JavaScript sends.
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { fileStorage, newStorageKey } from "~/plugins/storage/index.server";
import { Notification } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { saveAttachmentRecords } from "~/server/uploads/attachments.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { ItpItem, ItpReview, ItpReviewLink } from "../entities";
import * as externalItp from "../routes/external-itp";
import * as externalItpAttachment from "../routes/external-itp-attachment";
import * as itpDetail from "../routes/itp-detail";
import * as externalReview from "../routes/itp-external-review";
import * as internalReview from "../routes/itp-internal-review";
import { ITP_ITEM_ATTACHMENT } from "../server/itp-attachments.server";
import { english, mailsTo, makeItp, memberWith, reload } from "./itp-fixtures";

const db = setupTestDatabase();

const pages = { internal: internalReview, external: externalReview } as const;
type Kind = keyof typeof pages;
const pathOf = (kind: Kind, itpId: string, token?: string) =>
  `/quality/itp/${kind}-review/${itpId}${token === undefined ? "" : `?token=${encodeURIComponent(token)}`}`;
const open = (kind: Kind, itpId: string, token?: string, cookie?: string) =>
  callLoader(pages[kind], pathOf(kind, itpId, token), { params: { id: itpId }, cookie });
const decide = (kind: Kind, itpId: string, token: string | undefined, form: Record<string, string>) =>
  callAction(pages[kind], pathOf(kind, itpId, token), { params: { id: itpId }, form });

const tokenIn = (text: string, path: string) =>
  new RegExp(`${path.replaceAll("/", "\\/")}\\/[0-9a-f-]{36}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];

/**
 * An ITP in Quality's review with a review link Quality sent to an outside reviewer from the ITP page, and
 * the token read from that reviewer's mail.
 */
async function withQualityLink(projectName = "Harbour Bridge") {
  const project = await createProject(db.em, { name: projectName });
  const author = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.edit"], {
    name: "Alice Author",
  });
  const quinn = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.internal-review"], {
    name: "Quinn Quality",
  });
  const itp = await makeItp(db.em, project, { status: "internal_review", submittedBy: author.user });
  const sent = await callAction(itpDetail, `/quality/itp/${itp.id}`, {
    cookie: quinn.cookie,
    params: { id: itp.id },
    form: { intent: "send-link", clientName: "Olga Outside", clientEmail: "olga@consult.test" },
  });
  expect(sent.status).toBe(302);
  const [mail] = await mailsTo(db.em, "olga@consult.test");
  const token = tokenIn(mail.text, "/quality/itp/internal-review");
  expect(token).toBeDefined();
  const [link] = await scopeToProject(db.em, project.id).find(ItpReviewLink, { itp: itp.id });
  return { project, author, quinn, itp, token: token!, link };
}

/** An ITP Quality sent to the client: the client's token from their mail (the one /external/itp/{id} takes). */
async function withClientLink(projectName = "Harbour Bridge") {
  const { project, author, quinn, itp } = await withQualityLink(projectName);
  await callAction(internalReview, pathOf("internal", itp.id), {
    cookie: quinn.cookie,
    params: { id: itp.id },
    form: {
      decision: "send_external",
      reviewerName: "Quinn",
      clientName: "Carl Client",
      clientEmail: "carl@client.test",
    },
  });
  const [mail] = await mailsTo(db.em, "carl@client.test");
  const token = tokenIn(mail.text, "/external/itp")!;
  const link = await scopeToProject(db.em, project.id).findOneOrFail(ItpReviewLink, {
    itp: itp.id,
    scope: "EXTERNAL",
  });
  return { project, author, quinn, itp, token, link };
}

const reviewsOf = (projectId: string) =>
  scopeToProject(db.em, projectId).find(ItpReview, {}, { populate: ["link"] });

describe("Quality's review page opened with a review link", () => {
  it("shows the ITP without signing in and takes Quality's decision once, through a plain form post", async () => {
    const { project, itp, token, link } = await withQualityLink();
    const page = await open("internal", itp.id, token);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ via: "link", state: "valid", token, recipientName: "Olga Outside" });
    expect(page.data.itp).toMatchObject({ number: itp.number, projectName: "Harbour Bridge" });

    const result = await decide("internal", itp.id, token, {
      decision: "send_external",
      reviewerName: "Olga Outside",
      clientName: "Carl Client",
      clientEmail: "carl@client.test",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${pathOf("internal", itp.id, token)}&thanks=1`);
    expect((await reload(db.em, project, itp.id)).status).toBe("external_review");
    const [review] = await reviewsOf(project.id);
    expect(review).toMatchObject({
      scope: "INTERNAL",
      decision: "approved",
      reviewer: null,
      reviewerName: "Olga Outside",
      link: { id: link.id },
    });
    // The decision sent the client their own link, as a member's would.
    expect(await mailsTo(db.em, "carl@client.test")).toHaveLength(1);
    expect(await db.em.count(Notification, { event: "itp-internal-approved-send-external" })).toBeGreaterThan(
      0,
    );

    const again = await open("internal", itp.id, token);
    expect(again.data).toMatchObject({
      via: "link",
      state: "used",
      decision: "approved",
      reviewerName: "Olga Outside",
    });
    expect(await english("itp.external.internalPageTitle")).toBe("ITP review for Quality");
  });

  it("opens the plan's files while the link works", async () => {
    const { project, itp, token } = await withQualityLink();
    const [item] = await scopeToProject(db.em, project.id).find(
      ItpItem,
      { itp: itp.id },
      { orderBy: { position: "asc" } },
    );
    const key = newStorageKey();
    const { size } = await fileStorage().put(key, Readable.from([Buffer.from("pour record")]), {
      contentType: "application/pdf",
    });
    const [file] = await saveAttachmentRecords(scopeToProject(db.em, project.id), {
      projectId: project.id,
      entityType: ITP_ITEM_ATTACHMENT,
      entityId: item.id,
      files: [{ key, fileName: "pour.pdf", contentType: "application/pdf", size }],
      uploadedBy: null,
    });
    const path = `/external/itp/${itp.id}/attachments/${file.id}?token=${token}`;
    const download = await callLoader(externalItpAttachment, path, {
      params: { id: itp.id, attachmentId: file.id },
    });
    expect(download.status).toBe(200);
    expect(download.data).toBe("pour record");
  });
});

describe("the client's review page opened with the client's link", () => {
  it("approves without signing in, and the link then shows the decision taken", async () => {
    const { project, itp, token, link } = await withClientLink();
    expect((await open("external", itp.id, token)).data).toMatchObject({ via: "link", state: "valid" });
    const result = await decide("external", itp.id, token, {
      decision: "approved",
      reviewerName: "Carl Client",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${pathOf("external", itp.id, token)}&thanks=1`);
    expect((await reload(db.em, project, itp.id)).status).toBe("active");
    const reviews = await reviewsOf(project.id);
    expect(reviews.find((review) => review.scope === "EXTERNAL")).toMatchObject({
      decision: "approved",
      reviewer: null,
      link: { id: link.id },
    });
    // The same link on the client's own page says the same.
    const external = await callLoader(externalItp, `/external/itp/${itp.id}?token=${token}`, {
      params: { id: itp.id },
    });
    expect(external.data).toMatchObject({ state: "used", decision: "approved" });
  });
});

describe("what a review link does not open", () => {
  it("is single-decision: a second decision through the same link changes nothing", async () => {
    for (const kind of ["internal", "external"] as const) {
      const { project, itp, token } =
        kind === "internal" ? await withQualityLink(`Used ${kind}`) : await withClientLink(`Used ${kind}`);
      const first = await decide(kind, itp.id, token, {
        decision: kind === "internal" ? "activate" : "approved",
        reviewerName: "First",
      });
      expect(first.status).toBe(302);
      const before = await reviewsOf(project.id);
      const second = await decide(kind, itp.id, token, {
        decision: kind === "internal" ? "reject" : "rejected",
        reviewerName: "Second",
        comment: "Changed my mind",
      });
      expect(second.status, kind).toBe(200);
      expect(second.data, kind).toMatchObject({
        via: "link",
        state: "used",
        decision: "approved",
        reviewerName: "First",
      });
      expect((await reload(db.em, project, itp.id)).status, kind).toBe("active");
      expect(await reviewsOf(project.id), kind).toHaveLength(before.length);
    }
  });

  it("says 'Link Expired' after its lifetime and records nothing", async () => {
    for (const kind of ["internal", "external"] as const) {
      const { project, itp, token, link } =
        kind === "internal"
          ? await withQualityLink(`Expired ${kind}`)
          : await withClientLink(`Expired ${kind}`);
      const em = scopeToProject(db.em, project.id);
      (await em.findOneOrFail(ItpReviewLink, link.id)).expiresAt = new Date(Date.now() - 1000);
      await em.flush();
      const status = (await reload(db.em, project, itp.id)).status;
      const reviews = (await reviewsOf(project.id)).length;

      const page = await open(kind, itp.id, token);
      expect(page.status, kind).toBe(410);
      expect(page.data, kind).toEqual({ via: "link", state: "expired" });
      const late = await decide(kind, itp.id, token, {
        decision: kind === "internal" ? "activate" : "approved",
        reviewerName: "Late",
      });
      expect(late.status, kind).toBe(410);
      expect((await reload(db.em, project, itp.id)).status, kind).toBe(status);
      expect(await reviewsOf(project.id), kind).toHaveLength(reviews);
    }
    expect(await english("itp.external.expiredTitle")).toBe("Link Expired");
  });

  it("is scoped: another project's ITP, another ITP, or the other review's page is not valid (404)", async () => {
    const mine = await withQualityLink("Harbour Bridge");
    const other = await createProject(db.em, { name: "Western Rail" });
    const theirs = await makeItp(db.em, other, { status: "internal_review" });
    const sameProject = await makeItp(db.em, mine.project, { status: "internal_review" });
    for (const itpId of [theirs.id, sameProject.id]) {
      const page = await open("internal", itpId, mine.token);
      expect(page.status).toBe(404);
      expect(page.data).toEqual({ via: "link", state: "invalid" });
      const posted = await decide("internal", itpId, mine.token, {
        decision: "activate",
        reviewerName: "Olga",
      });
      expect(posted.status).toBe(404);
    }
    expect((await reload(db.em, other, theirs.id)).status).toBe("internal_review");
    expect((await reload(db.em, mine.project, sameProject.id)).status).toBe("internal_review");
    expect(await reviewsOf(other.id)).toEqual([]);

    // Quality's link opens neither the client's review page nor the client's own page.
    expect((await open("external", mine.itp.id, mine.token)).status).toBe(404);
    const clientPage = await callLoader(externalItp, `/external/itp/${mine.itp.id}?token=${mine.token}`, {
      params: { id: mine.itp.id },
    });
    expect(clientPage.status).toBe(404);
    // And a token that names nothing, or an empty one, is no link either.
    expect((await open("internal", mine.itp.id, `${mine.token}x`)).status).toBe(404);
    expect((await open("internal", mine.itp.id, "")).status).toBe(404);
    expect(await reviewsOf(mine.project.id)).toEqual([]);
  });
});

describe("the review pages without a link", () => {
  it("send a visitor to sign in and come back, and a member without the permission to /forbidden", async () => {
    const { project, itp } = await withQualityLink();
    for (const kind of ["internal", "external"] as const) {
      const path = pathOf(kind, itp.id);
      const visitor = await open(kind, itp.id);
      expect(visitor.status, kind).toBe(302);
      expect(visitor.location, kind).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`);
      const posted = await decide(kind, itp.id, undefined, { decision: "approved", reviewerName: "Eve" });
      expect(posted.location, kind).toMatch(/^\/auth\/login/);

      const viewer = await memberWith(db.em, project, ["quality.itp.view"]);
      expect((await open(kind, itp.id, undefined, viewer.cookie)).location, kind).toBe("/forbidden");
    }
    expect((await reload(db.em, project, itp.id)).status).toBe("internal_review");
  });

  it("stay the members' pages: a signed-in reviewer sees and decides as before", async () => {
    const { project, quinn, itp, token } = await withQualityLink();
    const page = await open("internal", itp.id, undefined, quinn.cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ via: "member", waiting: true, itp: { number: itp.number } });
    const result = await callAction(internalReview, pathOf("internal", itp.id), {
      cookie: quinn.cookie,
      params: { id: itp.id },
      form: { decision: "activate", reviewerName: "Quinn Quality" },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/quality/itp/${itp.id}`);
    const [review] = await reviewsOf(project.id);
    expect(review).toMatchObject({ scope: "INTERNAL", reviewer: { id: quinn.user.id }, link: null });
    // The link Quality sent out no longer works once the ITP has left Quality's review.
    const late = await open("internal", itp.id, token);
    expect(late.status).toBe(410);
    expect(late.data).toEqual({ via: "link", state: "superseded" });
  });
});
