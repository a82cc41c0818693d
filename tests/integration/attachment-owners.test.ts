/**
 * The core attachment page (/attachments/:id) opening the files of every module that saves them: each module
 * declares its kinds of file through the attachments.owners extension point, with the permission of the
 * record's own page. A cross-module test, so it lives outside them (see attachment-detail.test.ts for the
 * page itself, with a plant document).
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import * as detail from "~/modules/attachments/routes/attachment-detail";
import * as file from "~/modules/attachments/routes/attachment-file";
import { makeDocket } from "~/modules/dockets/tests/fixtures";
import { SiteDiary } from "~/modules/operation/diary-entities";
import { Defect, Lot } from "~/modules/quality/entities";
import { SafetySwms } from "~/modules/safety/swms-entities";
import { SafetyTalk } from "~/modules/safety/talk-entities";
import { makeAction } from "~/modules/safety/tests/fixtures";
import { LocalFolderStorage, newStorageKey } from "~/plugins/storage/index.server";
import type { IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { saveAttachmentRecords } from "~/server/uploads/index.server";
import { addMember, createCompany, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { type CallOptions, callLoader as callRoute, signedInMember, signIn } from "~/tests/setup/requests";

const db = setupTestDatabase();
const storage = setupTestFileStorage("siteproof-attachment-owners-");

const callLoader = (route: Parameters<typeof callRoute>[0], path: string, options: CallOptions = {}) =>
  callRoute(route, path, { ...options, params: { id: path.split("/")[2].split("?")[0] } });

const PHOTO = Buffer.from("not really a jpeg");

/** A file of a record of `entityType`, saved as its module saves it. */
async function attached(project: IProject, entityType: string, entityId: string = randomUUID()) {
  const key = newStorageKey();
  const { size } = await new LocalFolderStorage(storage.root).put(key, Readable.from(PHOTO), {
    contentType: "image/jpeg",
  });
  const [attachment] = await saveAttachmentRecords(scopeToProject(db.em, project.id), {
    projectId: project.id,
    entityType,
    entityId,
    files: [{ key, fileName: "site.jpg", contentType: "image/jpeg", size }],
    uploadedBy: null,
  });
  return attachment;
}

async function status(route: typeof detail | typeof file, attachmentId: string, cookie: string) {
  const path = route === file ? `/attachments/${attachmentId}/file` : `/attachments/${attachmentId}`;
  return (await callLoader(route, path, { cookie })).status;
}

/** Every kind of file each module declares, with the permission of the record's page. */
const OWNERS: { module: string; entityType: string; permission: string }[] = [
  { module: "quality", entityType: "quality-lot-itr", permission: "quality.lot.view" },
  { module: "quality", entityType: "quality-lot-inspection-point", permission: "quality.lot.view" },
  { module: "quality", entityType: "quality-itp-item", permission: "quality.itp.view" },
  { module: "quality", entityType: "quality-defect", permission: "quality.defects.view" },
  { module: "quality", entityType: "quality-ncr", permission: "quality.ncr.view" },
  { module: "safety", entityType: "safety-action", permission: "safety.actions.view" },
  { module: "safety", entityType: "safety-observation", permission: "safety.observations.view" },
  { module: "safety", entityType: "safety-talk", permission: "safety.meeting.toolbox-talk-view" },
  { module: "safety", entityType: "safety-swms", permission: "safety.swms.view" },
  { module: "safety", entityType: "safety-sds", permission: "safety.sds.view" },
  { module: "safety", entityType: "safety-incident-injured-person", permission: "safety.incidents.view" },
  { module: "safety", entityType: "safety-audit-report", permission: "safety.audits.view" },
  { module: "safety", entityType: "safety-audit-signed-report", permission: "safety.audits.view" },
  { module: "operation", entityType: "operation-site-diary", permission: "operation.siteDaries.view" },
  { module: "dockets", entityType: "docket", permission: "dockets.docket.view" },
  { module: "dockets", entityType: "dockets.intray", permission: "dockets.intray.view" },
  {
    module: "cost-and-commercial",
    entityType: "cnc.compliance",
    permission: "cost-and-commercial.upstream.download",
  },
];

describe("attachment owners", () => {
  it.each(OWNERS)(
    "$module's $entityType files open for a member who sees the record, and for nobody else",
    async ({ entityType, permission }) => {
      const project = await createProject(db.em, { name: "Harbour Tunnel" });
      const attachment = await attached(project, entityType);
      const viewer = await signedInMember(db.em, project, [permission]);
      const page = await callLoader(detail, `/attachments/${attachment.id}`, { cookie: viewer.cookie });
      expect(page.status).toBe(200);
      // The record is not there: no link back to it.
      expect(page.data).toMatchObject({ fileName: "site.jpg", preview: "image", recordHref: null });
      expect(await status(file, attachment.id, viewer.cookie)).toBe(200);
      const other = await signedInMember(db.em, project, ["plant.register.view"]);
      expect(await status(detail, attachment.id, other.cookie)).toBe(403);
      expect(await status(file, attachment.id, other.cookie)).toBe(403);
    },
  );

  it("links back to the record's page: a lot's ITRs, a defect, a safety action, a site diary, a docket", async () => {
    const project = await createProject(db.em, { name: "Harbour Tunnel" });
    const scoped = scopeToProject(db.em, project.id);
    const raiser = await createUser(db.em, { name: "Rae Raiser" });
    const defect = scoped.create(Defect, {
      project,
      number: "DEF-0001",
      title: "Cracked kerb",
      status: "open",
      createdBy: raiser,
    } as never);
    const lot = scoped.create(Lot, { project, number: "LOT-0001", title: "Pier 3", status: "open" } as never);
    const diary = scoped.create(SiteDiary, {
      project,
      number: "SD-0001",
      formDate: "2026-11-20",
      dueDate: "2026-11-21",
    } as never);
    await scoped.flush();
    const action = await makeAction(db.em, project, { number: "ACT-0001" });
    const docket = await makeDocket(db.em, project, { number: "DKT-0001" });
    const member = await signedInMember(db.em, project, [
      "quality.lot.view",
      "quality.defects.view",
      "safety.actions.view",
      "operation.siteDaries.view",
      "dockets.docket.view",
    ]);
    const cases = [
      ["quality-lot-itr", lot.id, `/quality/lot/${lot.id}/itp`],
      ["quality-defect", defect.id, `/quality/defects/${defect.id}`],
      ["safety-action", action.id, `/safety/actions/${action.id}`],
      ["operation-site-diary", diary.id, `/operation/site-diaries/${diary.id}`],
      ["docket", docket.id, `/dockets/${docket.id}?tab=attachments`],
    ] as const;
    for (const [entityType, recordId, href] of cases) {
      const attachment = await attached(project, entityType, recordId);
      const page = await callLoader(detail, `/attachments/${attachment.id}`, { cookie: member.cookie });
      expect(page.status, entityType).toBe(200);
      expect(page.data.recordHref, entityType).toBe(href);
    }
  });

  it("keeps a draft defect's files its raiser's, as its page does", async () => {
    const project = await createProject(db.em, { name: "Harbour Tunnel" });
    const raiser = await signedInMember(db.em, project, ["quality.defects.view"], { name: "Rae Raiser" });
    const scoped = scopeToProject(db.em, project.id);
    const defect = scoped.create(Defect, {
      project,
      number: "DEF-0001",
      title: "Cracked kerb",
      status: "draft",
      createdBy: raiser.user,
    } as never);
    await scoped.flush();
    const attachment = await attached(project, "quality-defect", defect.id);
    expect(await status(detail, attachment.id, raiser.cookie)).toBe(200);
    const colleague = await signedInMember(db.em, project, ["quality.defects.view"]);
    expect(await status(detail, attachment.id, colleague.cookie)).toBe(404);
    expect(await status(file, attachment.id, colleague.cookie)).toBe(404);
  });

  it("opens a SWMS's file to a subcontractor of its company only", async () => {
    const project = await createProject(db.em, { name: "Harbour Tunnel" });
    const [formworks, scaffolds] = [
      await createCompany(db.em, { name: "Formworks Pty" }),
      await createCompany(db.em, { name: "Scaffolds Pty" }),
    ];
    const scoped = scopeToProject(db.em, project.id);
    const swms = scoped.create(SafetySwms, {
      project,
      number: "SWMS-0001",
      title: "Formwork to deck",
      type: "product",
      company: formworks,
    } as never);
    await scoped.flush();
    const attachment = await attached(project, "safety-swms", swms.id);
    /** A member of the company who sees only their own company's SWMS. */
    const subcontractor = async (company: typeof formworks) => {
      const role = await createRole(db.em, { grantedActions: ["safety.swms.subcontractor-view"] });
      const user = await createUser(db.em);
      await addMember(db.em, { project, user, role, company });
      return { cookie: await signIn(db.em, user, { projectId: project.id }) };
    };
    const own = await subcontractor(formworks);
    const page = await callLoader(detail, `/attachments/${attachment.id}`, { cookie: own.cookie });
    expect(page.status).toBe(200);
    expect(page.data.recordHref).toBe(`/safety/swms/${swms.id}`);
    const another = await subcontractor(scaffolds);
    expect(await status(detail, attachment.id, another.cookie)).toBe(404);
    const reviewer = await signedInMember(db.em, project, ["safety.swms.view"]);
    expect(await status(detail, attachment.id, reviewer.cookie)).toBe(200);
  });

  it("opens a talk's photos by the permission of its kind, as its page does", async () => {
    const project = await createProject(db.em, { name: "Harbour Tunnel" });
    const scoped = scopeToProject(db.em, project.id);
    const talk = scoped.create(SafetyTalk, {
      project,
      number: "PST-0001",
      kind: "pre_start",
      title: "Lifting over the rail corridor",
      heldOn: "2026-11-20",
    } as never);
    await scoped.flush();
    const attachment = await attached(project, "safety-talk", talk.id);
    const toolboxOnly = await signedInMember(db.em, project, ["safety.meeting.toolbox-talk-view"]);
    expect(await status(detail, attachment.id, toolboxOnly.cookie)).toBe(404);
    // Pre-start talks are "PTT" in the project's region (decision 035): either name grants the region's own.
    const preStart = await signedInMember(db.em, project, [
      "safety.meeting.pre-start-talk-view",
      "safety.meeting.ptt-view",
    ]);
    const page = await callLoader(detail, `/attachments/${attachment.id}`, { cookie: preStart.cookie });
    expect(page.status).toBe(200);
    expect(page.data.recordHref).toBe(`/safety/meetings/ptt/${talk.id}`);
  });

  it("opens a compliance document's file for those who download the head contract's files, not those who only see it", async () => {
    const project = await createProject(db.em, { name: "Harbour Tunnel" });
    const attachment = await attached(project, "cnc.compliance");
    const viewer = await signedInMember(db.em, project, ["cost-and-commercial.upstream.view"]);
    expect(await status(detail, attachment.id, viewer.cookie)).toBe(403);
  });

  it("opens no file of a kind nobody declares (deny by default)", async () => {
    const project = await createProject(db.em, { name: "Harbour Tunnel" });
    const attachment = await attached(project, "nobody-declares-this");
    const everything = await signedInMember(
      db.em,
      project,
      OWNERS.map((owner) => owner.permission),
    );
    expect(await status(detail, attachment.id, everything.cookie)).toBe(404);
    expect(await status(file, attachment.id, everything.cookie)).toBe(404);
  });
});
