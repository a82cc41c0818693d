import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, Attachment } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import { addDays, SDS_EXPIRIES, sdsExpiry } from "../domain/sds-workflow";
import { SafetySds } from "../entities";
import * as sdsCreate from "../routes/sds-create";
import * as sdsDetail from "../routes/sds-detail";
import * as sdsEdit from "../routes/sds-edit";
import * as sdsFile from "../routes/sds-file";
import * as sdsFiles from "../routes/sds-files";
import * as sdsRegister from "../routes/sds-register";
import { makeSds, permitSite } from "./permit-fixtures";

const db = setupTestDatabase();
const CREATE = "/safety/sds/create";
setupTestFileStorage("sp-sds-");

async function english(messages: string[] | null | undefined) {
  const safety = await serverT("en", "safety");
  const uploads = await serverT("en", "uploads");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("uploads:") ? uploads : safety) as never, text),
  );
}

const sheet = (name = "diesel-sds.pdf") =>
  new File([new TextEncoder().encode("%PDF-1.4\n%sheet\n") as BlobPart], name, { type: "application/pdf" });

const fileSds = (cookie: string, fields: Record<string, string>, files: File[] = [sheet()]) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    product: "Diesel fuel",
    supplier: "BP",
    issueDate: "2025-01-10",
    expiryDate: "2030-01-10",
    ...fields,
  }))
    form.append(name, value);
  for (const file of files) form.append("file", file);
  return callAction(sdsCreate, CREATE, { cookie, multipart: form });
};

const sheetsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(SafetySds, {}, { orderBy: { sequence: "asc" } });

const step = (cookie: string, id: string, action: string, extra: Record<string, string> = {}) =>
  callAction(sdsDetail, `/safety/sds/${id}`, {
    cookie,
    params: { id },
    form: { intent: "transition", action, ...extra },
  });

describe("filing a safety data sheet", () => {
  it("refuses a bad form, a missing file or a file of another type, and keeps nothing", async () => {
    const project = await createProject(db.em);
    const { engineer } = await permitSite(db.em, project);
    const bad = await fileSds(engineer.cookie, { product: " ", expiryDate: "2024-01-01" }, []);
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.product)).toEqual(["This field is required"]);
    expect(await english(bad.data.error.expiryDate)).toEqual([
      "The expiry date must be after the issue date.",
    ]);
    expect(await english(bad.data.error.file)).toEqual(["Choose the SDS file."]);
    const wrongType = await fileSds(engineer.cookie, {}, [new File(["MZ"], "setup.exe")]);
    expect(wrongType.status).toBe(400);
    expect((await english(wrongType.data.error.file))[0]).toContain("setup.exe");
    expect(await sheetsOf(project)).toEqual([]);
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);
    expect(await db.em.count(ActivityLog, { entityType: "safety-sds" })).toBe(0);
  });

  it("refuses a sheet over 100 MB with the spec's message, and keeps nothing", async () => {
    const project = await createProject(db.em);
    const { engineer } = await permitSite(db.em, project);
    const huge = new File([new Uint8Array(100 * 1024 * 1024 + 1) as BlobPart], "scan.pdf", {
      type: "application/pdf",
    });
    const refused = await fileSds(engineer.cookie, {}, [huge]);
    expect(refused.status).toBe(400);
    expect(await english(refused.data.error.file)).toEqual([
      "These files exceed 100MB. Please check file size and try again.",
    ]);
    expect(await sheetsOf(project)).toEqual([]);
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);
  });

  it("numbers it SDS-0001 with its file, which anyone who may see it opens", async () => {
    const project = await createProject(db.em);
    const { engineer, viewer } = await permitSite(db.em, project);
    const created = await fileSds(engineer.cookie, {});
    expect(created.status).toBe(302);
    const [sds] = await sheetsOf(project);
    expect(created.location).toBe(`/safety/sds/${sds.id}`);
    expect(sds).toMatchObject({ number: "SDS-0001", status: "IN_PROGRESS", product: "Diesel fuel" });
    const page = await callLoader(sdsDetail, `/safety/sds/${sds.id}`, {
      cookie: viewer.cookie,
      params: { id: sds.id },
    });
    expect(page.data.sds.files.map((file: { fileName: string }) => file.fileName)).toEqual([
      "diesel-sds.pdf",
    ]);
    expect(page.data.sds.expiry).toBe("current");
    expect(page.data.sds.steps).toEqual([]);
    const fileId = page.data.sds.files[0].id;
    const download = await callLoader(sdsFile, `/safety/sds/${sds.id}/files/${fileId}`, {
      cookie: viewer.cookie,
      params: { id: sds.id, fileId },
    });
    expect(download.status).toBe(200);
  });

  it("is submitted, returned with a reason, approved (CLOSED) and re-opened for a new revision; files change only while filed", async () => {
    const project = await createProject(db.em);
    const { engineer, issuer, viewer } = await permitSite(db.em, project);
    await fileSds(engineer.cookie, {});
    const [sds] = await sheetsOf(project);
    expect((await step(viewer.cookie, sds.id, "submit")).status).toBe(403);
    expect((await step(engineer.cookie, sds.id, "submit")).status).toBe(302);
    // In review: the fields and files are the reviewer's to judge, not to change.
    const edit = await callLoader(sdsEdit, `/safety/sds/${sds.id}/edit`, {
      cookie: engineer.cookie,
      params: { id: sds.id },
    });
    expect(edit.status).toBe(403);
    const upload = new FormData();
    upload.append("files", sheet("newer.pdf"));
    const refused = await callAction(sdsFiles, `/safety/sds/${sds.id}/files`, {
      cookie: engineer.cookie,
      params: { id: sds.id },
      multipart: upload,
    });
    expect(refused.status).toBe(302);
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(1);
    const reasonless = await step(issuer.cookie, sds.id, "return");
    expect(await english(reasonless.data.error.comment)).toEqual(["Give a reason for this step."]);
    expect((await step(issuer.cookie, sds.id, "return", { comment: "Wrong product name" })).status).toBe(302);
    expect((await step(engineer.cookie, sds.id, "submit")).status).toBe(302);
    expect((await step(engineer.cookie, sds.id, "approve")).status).toBe(403);
    expect((await step(issuer.cookie, sds.id, "approve")).status).toBe(302);
    expect((await sheetsOf(project))[0].status).toBe("CLOSED");
    expect((await step(engineer.cookie, sds.id, "revise", { comment: "Supplier issue 2026" })).status).toBe(
      302,
    );
    const log = await db.em.find(
      ActivityLog,
      { entityType: "safety-sds", action: "status-changed" },
      { orderBy: { createdAt: "asc" } },
    );
    expect(log.map((entry) => (entry.after as { status: string }).status)).toEqual([
      "IN_REVIEW",
      "IN_PROGRESS",
      "IN_REVIEW",
      "CLOSED",
      "IN_PROGRESS",
    ]);
  });
});

describe("the SDS register", () => {
  it("warns of expired and expiring sheets exactly as the domain computes it, at the window's edges", async () => {
    const project = await createProject(db.em);
    const { viewer } = await permitSite(db.em, project);
    // The project's today: a UTC project.
    const today = new Date().toISOString().slice(0, 10);
    const expiries = [addDays(today, -1), today, addDays(today, 30), addDays(today, 31)];
    for (const [index, expiryDate] of expiries.entries())
      await makeSds(db.em, project, { number: `SDS-000${index + 1}`, expiryDate, issueDate: "2020-01-01" });
    expect(expiries.map((day) => sdsExpiry(day, today))).toEqual([
      "expired",
      "expiring",
      "expiring",
      "current",
    ]);
    for (const expiry of SDS_EXPIRIES) {
      const page = await callLoader(sdsRegister, `/safety/sds?expiry=${expiry}&sort=number&dir=asc`, {
        cookie: viewer.cookie,
      });
      expect(
        page.data.register.rows.map((row: { number: string }) => row.number),
        expiry,
      ).toEqual(
        expiries.flatMap((day, index) => (sdsExpiry(day, today) === expiry ? [`SDS-000${index + 1}`] : [])),
      );
    }
    const search = await callLoader(sdsRegister, "/safety/sds?q=bp", { cookie: viewer.cookie });
    expect(search.data.register.total).toBe(4);
    expect(
      (await callLoader(sdsRegister, "/safety/sds?status=CLOSED", { cookie: viewer.cookie })).data.register
        .total,
    ).toBe(0);
  });
});
