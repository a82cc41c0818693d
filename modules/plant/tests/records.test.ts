import { describe, expect, it } from "vitest";
import { ActivityLog, Attachment, JobRun } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { homeWidgets, siteDiarySections } from "~/server/extensions/extensions.server";
import { serverT } from "~/server/i18n/i18n.server";
import { runScheduleTick } from "~/server/jobs/schedules.server";
import { isGranted } from "~/server/permissions/grants";
import { registry } from "~/server/registry";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import { addDays } from "../domain/plant-rules";
import { PlantDocument, PlantItem } from "../entities";
import * as plantDetail from "../routes/plant-detail";
import * as plantDocuments from "../routes/plant-documents";
import * as plantRegister from "../routes/plant-register";
import {
  documentExpiryJob,
  documentExpirySchedule,
  sendDocumentExpiryNotices,
} from "../server/document-expiry.server";
import { plantSiteToday } from "../server/plant-settings.server";
import {
  makeCheck,
  makeDocument,
  makePlant,
  notificationsOf,
  plantSite,
  savePlantSettings,
} from "./fixtures";

const db = setupTestDatabase();
setupTestFileStorage("sp-plant-");

const pdf = (name = "rego.pdf") =>
  new File([new TextEncoder().encode("%PDF-1.4\n%rego\n") as BlobPart], name, { type: "application/pdf" });

describe("a plant item's documents", () => {
  it("adds a document with its file and expiry; a bad form, a wrong file or one over 100 MB keeps nothing; delete asks 'I am sure'", async () => {
    const project = await createProject(db.em);
    const { engineer, manager, owner } = await plantSite(db.em, project);
    const plant = await makePlant(db.em, project, owner, { number: "PLT-0001" });
    const today = await plantSiteToday(db.em.fork(), project);
    const add = (fields: Record<string, string>, files: File[] = [pdf()]) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const file of files) form.append("file", file);
      return callAction(plantDocuments, `/plants-and-machinery/${plant.id}/documents`, {
        cookie: engineer.cookie,
        params: { id: plant.id },
        multipart: form,
      });
    };
    const bad = await add({ kind: "passport", title: " " });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.error).sort()).toEqual(["kind", "title"]);
    const wrongType = await add({ kind: "insurance", title: "Policy" }, [new File(["MZ"], "setup.exe")]);
    expect(wrongType.status).toBe(400);
    const huge = new File([new Uint8Array(100 * 1024 * 1024 + 1) as BlobPart], "scan.pdf", {
      type: "application/pdf",
    });
    const tooLarge = await add({ kind: "insurance", title: "Policy" }, [huge]);
    expect(tooLarge.status).toBe(400);
    const uploads = await serverT("en", "uploads");
    expect(tooLarge.data.error.file.map((key: string) => uploads(key.replace("uploads:", "")))).toEqual([
      "These files exceed 100MB. Please check file size and try again.",
    ]);
    const documents = () => scopeToProject(db.em.fork(), project.id).find(PlantDocument, { plant: plant.id });
    expect(await documents()).toEqual([]);
    expect(await db.em.fork().count(Attachment, {}, { filters: false })).toBe(0);

    const added = await add({ kind: "registration", title: "Registration", expiryDate: addDays(today, 10) });
    expect(added.status).toBe(302);
    const [document] = await documents();
    expect(document).toMatchObject({ kind: "registration", title: "Registration" });
    const files = await db.em
      .fork()
      .find(Attachment, { entityType: "plant-document", entityId: document.id }, { filters: false });
    expect(files.map((file) => file.fileName)).toEqual(["rego.pdf"]);

    const page = await callLoader(plantDetail, `/plants-and-machinery/${plant.id}?tab=documents`, {
      cookie: engineer.cookie,
      params: { id: plant.id },
    });
    expect(page.data.plant.expiringDocuments).toBe(1);
    expect(page.data.plant.documents[0]).toMatchObject({
      expiry: "expiring",
      files: [{ fileName: "rego.pdf" }],
    });

    const remove = (confirmed?: string) =>
      callAction(plantDetail, `/plants-and-machinery/${plant.id}`, {
        cookie: manager.cookie,
        params: { id: plant.id },
        form: { intent: "document-delete", documentId: document.id, ...(confirmed ? { confirmed } : {}) },
      });
    expect((await remove()).status).toBe(400);
    expect(await documents()).toHaveLength(1);
    expect((await remove("on")).status).toBe(302);
    expect(await documents()).toEqual([]);
    expect(await db.em.fork().count(Attachment, {}, { filters: false })).toBe(0);
    const entries = await db.em
      .fork()
      .find(ActivityLog, { entityType: "plant-item", entityId: plant.id }, { orderBy: { createdAt: "asc" } });
    expect(entries.map((entry) => entry.action)).toEqual(["document-added", "document-deleted"]);
  });
});

describe("deleting a plant item being registered", () => {
  it("asks 'I am sure', and takes its documents' files with it", async () => {
    const project = await createProject(db.em);
    const { manager, owner } = await plantSite(db.em, project);
    const plant = await makePlant(db.em, project, owner, { number: "PLT-0001" });
    const form = new FormData();
    form.append("kind", "registration");
    form.append("title", "Registration");
    form.append("file", pdf());
    const added = await callAction(plantDocuments, `/plants-and-machinery/${plant.id}/documents`, {
      cookie: manager.cookie,
      params: { id: plant.id },
      multipart: form,
    });
    expect(added.status).toBe(302);
    expect(await db.em.fork().count(Attachment, {}, { filters: false })).toBe(1);
    const remove = (extra: Record<string, string>) =>
      callAction(plantDetail, `/plants-and-machinery/${plant.id}`, {
        cookie: manager.cookie,
        params: { id: plant.id },
        form: { intent: "transition", action: "delete", ...extra },
      });
    expect((await remove({})).status).toBe(400);
    expect(await scopeToProject(db.em.fork(), project.id).count(PlantItem, {})).toBe(1);
    const deleted = await remove({ confirmed: "true" });
    expect(deleted).toMatchObject({ status: 302, location: "/plants-and-machinery" });
    expect(await scopeToProject(db.em.fork(), project.id).count(PlantItem, {})).toBe(0);
    expect(await db.em.fork().count(Attachment, {}, { filters: false })).toBe(0);
    const [entry] = await db.em
      .fork()
      .find(ActivityLog, { entityType: "plant-item", entityId: plant.id, action: "deleted" });
    expect(entry.before).toMatchObject({ number: "PLT-0001", status: "IN_PROGRESS" });
  });
});

describe("the daily document expiry notices", () => {
  it("tell the record keepers once per document per threshold, and again for a renewed date", async () => {
    const project = await createProject(db.em);
    const { engineer, manager, viewer, owner } = await plantSite(db.em, project);
    const today = "2026-11-26";
    const plant = await makePlant(db.em, project, owner, { number: "PLT-0001", status: "ACTIVE" });
    const archived = await makePlant(db.em, project, owner, { number: "PLT-0002", status: "ARCHIVED" });
    const soon = await makeDocument(db.em, plant, { title: "Insurance", expiryDate: "2026-12-20" });
    await makeDocument(db.em, plant, { title: "Registration", expiryDate: "2026-11-20" });
    await makeDocument(db.em, plant, { title: "Service record", expiryDate: "2027-06-01" });
    await makeDocument(db.em, plant, { title: "Manual", expiryDate: null });
    await makeDocument(db.em, archived, { title: "Old rego", expiryDate: "2026-11-27" });

    // Two documents, each told to the two members holding edit (the engineer and the manager).
    expect(await sendDocumentExpiryNotices(db.em.fork(), project.id, today)).toBe(4);
    const titles = async (userId: string) =>
      (await notificationsOf(db.em.fork(), userId)).map((notification) => notification.title).sort();
    expect(await titles(engineer.user.id)).toEqual([
      "PLT-0001: Insurance expires on 2026-12-20",
      "PLT-0001: Registration expired on 2026-11-20",
    ]);
    expect(await titles(manager.user.id)).toHaveLength(2);
    expect(await titles(viewer.user.id)).toEqual([]);
    // The next day and a rerun: nobody is told twice.
    expect(await sendDocumentExpiryNotices(db.em.fork(), project.id, today)).toBe(0);
    expect(await sendDocumentExpiryNotices(db.em.fork(), project.id, "2026-11-27")).toBe(0);
    // The insurance passes its date: the "expired" threshold is told once.
    expect(await sendDocumentExpiryNotices(db.em.fork(), project.id, "2026-12-21")).toBe(2);
    expect(await sendDocumentExpiryNotices(db.em.fork(), project.id, "2026-12-22")).toBe(0);
    // Renewed with a new date: told again when that one comes near.
    await scopeToProject(db.em.fork(), project.id).nativeUpdate(
      PlantDocument,
      { id: soon.id },
      { expiryDate: "2027-01-10" },
    );
    expect(await sendDocumentExpiryNotices(db.em.fork(), project.id, "2026-12-22")).toBe(2);
  });

  it("tell nobody when the project turned the event off, and follow the warning window of the settings", async () => {
    const project = await createProject(db.em);
    const { engineer, manager, owner } = await plantSite(db.em, project);
    const plant = await makePlant(db.em, project, owner, { number: "PLT-0001", status: "ACTIVE" });
    await makeDocument(db.em, plant, { title: "Insurance", expiryDate: "2026-12-10" });
    await savePlantSettings(db.em.fork(), project, manager.user.id, "plantSettings", {
      checklist: "Brakes",
      expiryWarningDays: 7,
    });
    expect(await sendDocumentExpiryNotices(db.em.fork(), project.id, "2026-11-26")).toBe(0);
    await savePlantSettings(db.em.fork(), project, manager.user.id, "plantNotifications", {
      documentExpiring: "off",
      checkFailed: "in-app",
    });
    expect(await sendDocumentExpiryNotices(db.em.fork(), project.id, "2026-12-05")).toBe(0);
    expect(await notificationsOf(db.em.fork(), engineer.user.id)).toEqual([]);
  });

  it("run once a day per project with plant on, at seven in the morning on the project's clock", async () => {
    const project = await createProject(db.em);
    const { engineer, owner } = await plantSite(db.em, project);
    const plant = await makePlant(db.em, project, owner, { number: "PLT-0001", status: "ACTIVE" });
    await makeDocument(db.em, plant, { title: "Insurance", expiryDate: "2026-11-30" });
    const runs = () => db.em.fork().find(JobRun, { kind: documentExpiryJob.kind, project: project.id });
    // Every hour of a day: the project's seven o'clock (its region's zone, decision 029) enqueues the one run.
    for (let hour = 0; hour < 24; hour++)
      await runScheduleTick(db.db.orm, documentExpirySchedule.name, new Date(Date.UTC(2026, 10, 26, hour)));
    expect(await runs()).toHaveLength(1);
    const [run] = await runs();
    expect(run).toMatchObject({ status: "completed" });
    expect((await notificationsOf(db.em.fork(), engineer.user.id)).map((n) => n.title)).toEqual([
      "PLT-0001: Insurance expires on 2026-11-30",
    ]);
  });
});

describe("what plant gives the other pages", () => {
  const requester = async (project: Awaited<ReturnType<typeof createProject>>, keys: string[]) => {
    const granted = new Set(keys);
    return {
      em: db.em,
      project,
      user: { id: "00000000-0000-4000-8000-000000000001", name: "Sam" },
      locale: "en" as const,
      can: (ref: never) => isGranted(ref, granted, false),
    };
  };

  it("the site diary's 'Plant on site': the plant on hire that day, approved for use, with registration and owner", async () => {
    const project = await createProject(db.em);
    const { owner } = await plantSite(db.em, project);
    await makePlant(db.em, project, owner, {
      number: "PLT-0001",
      status: "ACTIVE",
      onHireDate: "2026-11-10",
      offHireDate: "2026-11-20",
      serial: "XAB 123",
    });
    await makePlant(db.em, project, owner, {
      number: "PLT-0002",
      status: "ACTIVE",
      onHireDate: "2026-11-21",
    });
    await makePlant(db.em, project, owner, {
      number: "PLT-0003",
      status: "IN_REVIEW",
      onHireDate: "2026-11-01",
    });
    await makePlant(db.em, project, owner, {
      number: "PLT-0004",
      status: "ARCHIVED",
      onHireDate: "2026-11-01",
    });
    await makePlant(db.em, project, owner, {
      number: "PLT-0005",
      status: "ACTIVE",
      onHireDate: "2026-11-01",
    });
    const plant = registry().modules.filter((module) => module.id === "plant");
    const on = async (date: string) => {
      const [section] = await siteDiarySections(
        await requester(project, ["plant.register.view"]),
        { date, locationId: null },
        plant,
      );
      return section;
    };
    const day = await on("2026-11-20");
    expect(day).toMatchObject({ key: "plant.plant-on-site", title: "Plant on site" });
    expect(day.records.map((record) => record.number)).toEqual(["PLT-0001", "PLT-0005"]);
    expect(day.records[0]).toMatchObject({ title: "Komatsu PC210", detail: "XAB 123 · Coates Hire" });
    expect((await on("2026-11-21")).records.map((record) => record.number)).toEqual(["PLT-0002", "PLT-0005"]);
    expect(
      await siteDiarySections(await requester(project, []), { date: "2026-11-20", locationId: null }, plant),
    ).toEqual([]);
    const contribution = (await import("../provides/site-diary.server")).provider.contribution;
    expect(contribution.sections[0].fills).toBe("plant-rows");
  });

  it("the home card: the plant home's figures, each linking to the register listing exactly those", async () => {
    const project = await createProject(db.em);
    const { viewer, owner } = await plantSite(db.em, project);
    const today = await plantSiteToday(db.em.fork(), project);
    const plant = await makePlant(db.em, project, owner, {
      number: "PLT-0001",
      status: "ACTIVE",
      onHireDate: addDays(today, -1),
    });
    await makeDocument(db.em, plant, { title: "Insurance", expiryDate: addDays(today, 5) });
    await makeCheck(db.em, plant, today, "FAIL");
    const [card] = await homeWidgets(
      await requester(project, ["plant.register.view"]),
      registry().modules.filter((module) => module.id === "plant"),
    );
    expect(card.card.title).toBe("Plant and machinery");
    expect(card.card.counts.map((count) => [count.label, count.value])).toEqual([
      ["Plant on site today", 1],
      ["Plant with documents expiring within 30 days", 1],
      ["Plant with expired documents", 0],
      ["Plant with a failed pre-start check in the last 7 days", 1],
    ]);
    for (const count of card.card.counts) {
      const page = await callLoader(plantRegister, count.href!, { cookie: viewer.cookie });
      expect(page.data.register.total).toBe(count.value);
    }
  });
});
