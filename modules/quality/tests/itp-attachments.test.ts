import { describe, expect, it } from "vitest";
import { Attachment, type IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { readToast } from "~/server/http/toast.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import { Itp, ItpItem, ItpReviewLink } from "../entities";
import * as externalAttachment from "../routes/external-itp-attachment";
import * as itpDetail from "../routes/itp-detail";
import * as itemAttachment from "../routes/itp-item-attachment";
import * as itemAttachments from "../routes/itp-item-attachments";
import { ITP_ITEM_ATTACHMENT } from "../server/itp-attachments.server";
import { hashReviewToken } from "../server/itp-review.server";
import { ITP_ALL, makeItp, memberWith } from "./itp-fixtures";

const db = setupTestDatabase();
setupTestFileStorage("sp-itp-attachments-");

async function firstItem(project: IProject, itpId: string) {
  return scopeToProject(db.em, project.id).findOneOrFail(ItpItem, { itp: itpId, position: 1 });
}

const attachmentsOf = (project: IProject, itemId: string) =>
  scopeToProject(db.em, project.id).find(Attachment, { entityType: ITP_ITEM_ATTACHMENT, entityId: itemId });

function drawingForm(name = "pour-sequence.pdf", content = "%PDF-1.7 pour sequence") {
  const form = new FormData();
  form.append("files", new File([content], name, { type: "application/pdf" }));
  return form;
}

/** The toast a redirect carries, as the next page would read it. */
async function toastOf(setCookie: string | null) {
  const cookie = setCookie?.split(";")[0] ?? "";
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

describe("ITP item attachments", () => {
  it("are attached to a draft's item, listed on the ITP, downloaded and removed", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ITP_ALL);
    const itp = await makeItp(db.em, project);
    const item = await firstItem(project, itp.id);

    const uploaded = await callAction(
      itemAttachments,
      `/quality/itp/${itp.id}/items/${item.id}/attachments`,
      {
        cookie,
        multipart: drawingForm(),
        params: { id: itp.id, itemId: item.id },
      },
    );
    expect(uploaded.status).toBe(302);
    expect(uploaded.location).toBe(`/quality/itp/${itp.id}`);
    const [stored] = await attachmentsOf(project, item.id);
    expect(stored).toMatchObject({ fileName: "pour-sequence.pdf", contentType: "application/pdf" });

    const page = await callLoader(itpDetail, `/quality/itp/${itp.id}`, { cookie, params: { id: itp.id } });
    expect(page.data.itp.attachments[item.id]).toEqual([
      { id: stored.id, fileName: "pour-sequence.pdf", size: stored.size },
    ]);

    const download = await callLoader(itemAttachment, `/quality/itp/${itp.id}/attachments/${stored.id}`, {
      cookie,
      params: { id: itp.id, attachmentId: stored.id },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toContain("pour-sequence.pdf");

    const removed = await callAction(itemAttachment, `/quality/itp/${itp.id}/attachments/${stored.id}`, {
      cookie,
      params: { id: itp.id, attachmentId: stored.id },
    });
    expect(removed.status).toBe(302);
    expect(await attachmentsOf(project, item.id)).toEqual([]);
  });

  it("change only while the ITP is a draft, and keep nothing of a refused upload", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ITP_ALL);
    const itp = await makeItp(db.em, project, { status: "internal_review" });
    const item = await firstItem(project, itp.id);
    const refused = await callAction(itemAttachments, `/quality/itp/${itp.id}/items/${item.id}/attachments`, {
      cookie,
      multipart: drawingForm(),
      params: { id: itp.id, itemId: item.id },
    });
    expect(refused.status).toBe(302);
    expect(await toastOf(refused.headers.get("Set-Cookie"))).toMatchObject({
      type: "error",
      message: "quality:itp.attachments.onlyDraft",
    });
    expect(await attachmentsOf(project, item.id)).toEqual([]);
  });

  it("refuse a file type the product does not take, with its name in the message", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ITP_ALL);
    const itp = await makeItp(db.em, project);
    const item = await firstItem(project, itp.id);
    const refused = await callAction(itemAttachments, `/quality/itp/${itp.id}/items/${item.id}/attachments`, {
      cookie,
      multipart: drawingForm("macro.exe", "MZ"),
      params: { id: itp.id, itemId: item.id },
    });
    const toast = await toastOf(refused.headers.get("Set-Cookie"));
    expect(toast).toMatchObject({ type: "error", message: "uploads:typeNotAllowed" });
    expect(toast?.params).toMatchObject({ fileName: "macro.exe" });
    expect(await attachmentsOf(project, item.id)).toEqual([]);
  });

  it("need quality.itp.edit to change and stay within the ITP's project", async () => {
    const project = await createProject(db.em);
    const viewer = await memberWith(db.em, project, ["quality.itp.view"]);
    const editor = await memberWith(db.em, project, ITP_ALL);
    const itp = await makeItp(db.em, project);
    const item = await firstItem(project, itp.id);
    const path = `/quality/itp/${itp.id}/items/${item.id}/attachments`;
    const params = { id: itp.id, itemId: item.id };

    const forbidden = await callAction(itemAttachments, path, {
      cookie: viewer.cookie,
      multipart: drawingForm(),
      params,
    });
    expect(forbidden.status).toBe(302);
    expect(forbidden.location).toContain("/forbidden");

    const other = await createProject(db.em);
    const outsider = await memberWith(db.em, other, ITP_ALL);
    const notFound = await callAction(itemAttachments, path, {
      cookie: outsider.cookie,
      multipart: drawingForm(),
      params,
    });
    expect(notFound.status).toBe(404);
    // An item of another ITP of the same project is not this ITP's item.
    const second = await makeItp(db.em, project);
    const elsewhere = await callAction(
      itemAttachments,
      `/quality/itp/${second.id}/items/${item.id}/attachments`,
      {
        cookie: editor.cookie,
        multipart: drawingForm(),
        params: { id: second.id, itemId: item.id },
      },
    );
    expect(elsewhere.status).toBe(404);
    expect(await attachmentsOf(project, item.id)).toEqual([]);
  });

  it("open for the client through a review link while the link is open, and not otherwise", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ITP_ALL);
    const itp = await makeItp(db.em, project);
    const item = await firstItem(project, itp.id);
    await callAction(itemAttachments, `/quality/itp/${itp.id}/items/${item.id}/attachments`, {
      cookie,
      multipart: drawingForm(),
      params: { id: itp.id, itemId: item.id },
    });
    const [stored] = await attachmentsOf(project, item.id);
    const em = scopeToProject(db.em, project.id);
    const sent = await em.findOneOrFail(Itp, itp.id);
    sent.status = "external_review";
    const token = "client-review-token-0123456789";
    const link = em.create(ItpReviewLink, {
      project,
      itp: sent,
      scope: "EXTERNAL",
      tokenHash: hashReviewToken(token),
      recipientEmail: "carl@client.test",
      revision: sent.revision,
      expiresAt: new Date(Date.now() + 86_400_000),
    } as never);
    await em.flush();

    const download = (withToken: string) =>
      callLoader(externalAttachment, `/external/itp/${itp.id}/attachments/${stored.id}?token=${withToken}`, {
        params: { id: itp.id, attachmentId: stored.id },
      });
    const opened = await download(token);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Content-Disposition")).toContain("pour-sequence.pdf");
    expect((await download("not-the-token")).status).toBe(404);

    link.revokedAt = new Date();
    await em.flush();
    expect((await download(token)).status).toBe(404);
  });
});
