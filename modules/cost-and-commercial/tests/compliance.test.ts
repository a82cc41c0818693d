import { describe, expect, it } from "vitest";
import { Attachment } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { ComplianceDocument } from "../entities";
import * as complianceCreate from "../routes/compliance-create";
import * as complianceFile from "../routes/compliance-file";
import * as upstream from "../routes/upstream";
import { makeHeadContract, upstreamTeam } from "./upstream-fixtures";

const db = setupTestDatabase();

const documentsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(ComplianceDocument, {});

function post(fields: Record<string, string>, file?: { name: string; body: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new File([file.body], file.name, { type: "application/pdf" }));
  return form;
}

describe("compliance and requirements documents", () => {
  it("keeps a document with its file and key dates, downloads it, and deletes it only when sure", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await upstreamTeam(db.em, project);
    await makeHeadContract(db.em, project);
    const add = (cookie: string, multipart: FormData) =>
      callAction(complianceCreate, "/cost-and-commercial/upstream/compliance/new", { cookie, multipart });

    const noFile = await add(manager.cookie, post({ name: "Contract works insurance" }));
    expect(noFile.status).toBe(400);
    const byViewer = await add(viewer.cookie, post({ name: "x" }, { name: "x.pdf", body: "%PDF-1.4" }));
    // Without create, the route's guard sends the viewer to /forbidden before the upload is read.
    expect(byViewer.location).toBe("/forbidden");
    const halfDate = await add(
      manager.cookie,
      post({ name: "Insurance", "keyDates[0].label": "Renewal" }, { name: "policy.pdf", body: "%PDF-1.4" }),
    );
    expect(halfDate.status).toBe(400);
    expect(await documentsOf(project)).toEqual([]);
    expect(await scopeToProject(db.em.fork(), project.id).count(Attachment, {})).toBe(0);

    const added = await add(
      manager.cookie,
      post(
        {
          name: "Contract works insurance",
          description: "Policy CW-2026-118",
          "keyDates[0].label": "Renewal",
          "keyDates[0].date": "2027-06-30",
          "keyDates[1].label": "Certificate to client",
          "keyDates[1].date": "2026-12-01",
          "keyDates[2].label": "",
          "keyDates[2].date": "",
        },
        { name: "policy.pdf", body: "%PDF-1.4\n%policy\n" },
      ),
    );
    expect(added.status).toBe(302);
    const [document] = await documentsOf(project);
    expect(document.keyDates).toEqual([
      { label: "Renewal", date: "2027-06-30" },
      { label: "Certificate to client", date: "2026-12-01" },
    ]);
    expect(document.attachmentId).not.toBeNull();

    const tab = await callLoader(upstream, "/cost-and-commercial/upstream?tab=compliance", {
      cookie: viewer.cookie,
    });
    expect(tab.data.compliance[0]).toMatchObject({
      name: "Contract works insurance",
      fileName: "policy.pdf",
      keyDates: [
        { label: "Certificate to client", date: "2026-12-01" },
        { label: "Renewal", date: "2027-06-30" },
      ],
    });
    const path = `/cost-and-commercial/upstream/compliance/${document.id}/file`;
    const download = await callLoader(complianceFile, path, {
      cookie: manager.cookie,
      params: { documentId: document.id },
    });
    expect(download.status).toBe(200);
    expect(download.data).toContain("%policy");

    const remove = (cookie: string, extra: Record<string, string>) =>
      callAction(upstream, "/cost-and-commercial/upstream", {
        cookie,
        form: { intent: "compliance-delete", documentId: document.id, ...extra },
      });
    expect((await remove(manager.cookie, {})).status).toBe(400);
    expect((await remove(viewer.cookie, { confirmed: "on" })).status).toBe(403);
    expect(await documentsOf(project)).toHaveLength(1);
    expect((await remove(manager.cookie, { confirmed: "on" })).status).toBe(302);
    expect(await documentsOf(project)).toEqual([]);
    expect(await scopeToProject(db.em.fork(), project.id).count(Attachment, {})).toBe(0);
  });
});
