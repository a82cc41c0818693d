import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, Attachment } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import * as lotItpTab from "../routes/lot-itp";
import * as itrDetail from "../routes/lot-itr";
import * as itrFile from "../routes/lot-itr-file";
import * as itrNew from "../routes/lot-itr-new";
import { LOT_ALL, makeLot, memberWith } from "./reports-fixtures";

const db = setupTestDatabase();
const storage = setupTestFileStorage("siteproof-itr-");

const storedFiles = () =>
  readdirSync(storage.root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

/** The English text of server messages (app/utils/message-key). */
async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "quality");
  return messages?.map((text) => translateMessage(t, text));
}

async function upload(lotId: string, cookie: string, fields: Record<string, string>, files: File[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("files", file);
  return callAction(itrNew, `/quality/lot/${lotId}/itr/new`, { cookie, multipart: form, params: { lotId } });
}

describe("ITR uploads", () => {
  it("stores one ITR per file with the shared title and lists them on the ITP tab", async () => {
    const project = await createProject(db.em);
    const lot = await makeLot(db.em, project);
    const { cookie, user } = await memberWith(db.em, project, LOT_ALL, "Uma Uploader");
    const result = await upload(
      lot.id,
      cookie,
      { title: "Pour records", description: "Slump and cylinders" },
      [
        new File(["%PDF-1.7 slump"], "slump.pdf", { type: "application/pdf" }),
        new File(["a,b"], "cylinders.csv", { type: "text/csv" }),
      ],
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/quality/lot/${lot.id}/itp`);
    const rows = await db.em.find(
      Attachment,
      { entityType: "quality-lot-itr", entityId: lot.id },
      { filters: false },
    );
    expect(rows.map((row) => [row.title, row.description, row.fileName]).sort()).toEqual([
      ["Pour records", "Slump and cylinders", "cylinders.csv"],
      ["Pour records", "Slump and cylinders", "slump.pdf"],
    ]);
    expect(rows[0].uploadedBy?.id).toBe(user.id);
    expect(storedFiles()).toHaveLength(2);
    expect(
      await db.em.count(ActivityLog, { action: "attachment-added", entityId: lot.id }, { filters: false }),
    ).toBe(2);

    const tab = await callLoader(lotItpTab, `/quality/lot/${lot.id}/itp`, { cookie, params: { id: lot.id } });
    expect(tab.data.itrs.map((itr: any) => [itr.title, itr.uploadedBy])).toEqual([
      ["Pour records", "Uma Uploader"],
      ["Pour records", "Uma Uploader"],
    ]);
  });

  it("refuses a missing title or file and keeps nothing", async () => {
    const project = await createProject(db.em);
    const lot = await makeLot(db.em, project);
    const { cookie } = await memberWith(db.em, project, LOT_ALL);
    const noTitle = await upload(lot.id, cookie, { title: " " }, [new File(["x"], "x.pdf")]);
    expect(noTitle.status).toBe(400);
    expect(await english(noTitle.data.result.error.title)).toEqual(["This field is required"]);
    const noFile = await upload(lot.id, cookie, { title: "Records" }, []);
    expect(await english(noFile.data.result.error.files)).toEqual(["This field is required"]);
    const long = await upload(lot.id, cookie, { title: "t".repeat(256) }, [new File(["x"], "x.pdf")]);
    expect(await english(long.data.result.error.title)).toEqual(["Maximum 255 characters"]);
    expect(storedFiles()).toEqual([]);
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);
  });

  it("refuses a disallowed type and a file over 100MB with the spec's message, leaving no file", async () => {
    const project = await createProject(db.em);
    const lot = await makeLot(db.em, project);
    const { cookie } = await memberWith(db.em, project, LOT_ALL);
    const exe = await upload(lot.id, cookie, { title: "Tool" }, [new File(["MZ"], "setup.exe")]);
    expect(exe.status).toBe(400);

    // A streamed body one byte over 100 MB: never held in memory, refused while it streams.
    const limit = 100 * 1024 * 1024;
    const boundary = "----itrboundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSurvey video\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="survey.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
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
    const request = new Request(`http://localhost:3000/quality/lot/${lot.id}/itr/new`, {
      method: "POST",
      body,
      headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    const refused = (await itrNew.action({
      request,
      params: { lotId: lot.id },
      context: {},
    } as never)) as any;
    expect(refused.init.status).toBe(400);
    const t = await serverT("en", "uploads");
    expect(refused.data.result.error[""]).toEqual(["uploads:tooLarge100"]);
    expect(t("tooLarge100")).toBe("These files exceed 100MB. Please check file size and try again.");
    expect(storedFiles()).toEqual([]);
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);
  }, 60_000);
});

describe("an ITR", () => {
  async function uploaded() {
    const project = await createProject(db.em);
    const lot = await makeLot(db.em, project);
    const editor = await memberWith(db.em, project, LOT_ALL, "Eve Editor");
    await upload(lot.id, editor.cookie, { title: "Compaction test", description: "Layer 3" }, [
      new File(["%PDF-1.7 compaction"], "Kết quả nén.pdf", { type: "application/pdf" }),
    ]);
    const itr = await db.em.findOneOrFail(Attachment, { entityId: lot.id }, { filters: false });
    return { project, lot, itr, editor };
  }

  it("shows its fields and downloads its file as an attachment", async () => {
    const { project, lot, itr } = await uploaded();
    const viewer = await memberWith(db.em, project, ["quality.lot.view"]);
    const path = `/quality/lot/${lot.id}/itr/${itr.id}`;
    const page = await callLoader(itrDetail, path, {
      cookie: viewer.cookie,
      params: { lotId: lot.id, itrId: itr.id },
    });
    expect(page.data.itr).toMatchObject({
      title: "Compaction test",
      description: "Layer 3",
      fileName: "Kết quả nén.pdf",
      uploadedBy: "Eve Editor",
    });
    expect(page.data.can.delete).toBe(false);
    const file = await itrFile.loader({
      request: new Request(`http://localhost:3000${path}/file`, { headers: { Cookie: viewer.cookie } }),
      params: { lotId: lot.id, itrId: itr.id },
      context: {},
    } as never);
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="K_t qu_ n_n.pdf"/);
    expect(await file.text()).toBe("%PDF-1.7 compaction");
  });

  it("is deleted with its file by an editor, and not by a viewer (403)", async () => {
    const { project, lot, itr, editor } = await uploaded();
    const viewer = await memberWith(db.em, project, ["quality.lot.view"]);
    const path = `/quality/lot/${lot.id}/itr/${itr.id}`;
    const params = { lotId: lot.id, itrId: itr.id };
    const refused = await callAction(itrDetail, path, {
      cookie: viewer.cookie,
      params,
      form: { intent: "delete" },
    });
    expect(refused.status).toBe(403);
    expect(storedFiles()).toHaveLength(1);
    const deleted = await callAction(itrDetail, path, {
      cookie: editor.cookie,
      params,
      form: { intent: "delete" },
    });
    expect(deleted.status).toBe(302);
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);
    expect(storedFiles()).toEqual([]);
    expect(await db.em.count(ActivityLog, { action: "attachment-deleted" }, { filters: false })).toBe(1);
  });

  it("answers 404 from another project or another lot", async () => {
    const { lot, itr } = await uploaded();
    const other = await createProject(db.em);
    const outsider = await memberWith(db.em, other, LOT_ALL);
    const path = `/quality/lot/${lot.id}/itr/${itr.id}`;
    const params = { lotId: lot.id, itrId: itr.id };
    expect((await callLoader(itrDetail, path, { cookie: outsider.cookie, params })).status).toBe(404);
    const otherLot = await makeLot(db.em, other);
    const wrongLot = await callLoader(itrDetail, `/quality/lot/${otherLot.id}/itr/${itr.id}`, {
      cookie: outsider.cookie,
      params: { lotId: otherLot.id, itrId: itr.id },
    });
    expect(wrongLot.status).toBe(404);
  });
});
