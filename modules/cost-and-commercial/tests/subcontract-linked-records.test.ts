import { describe, expect, it } from "vitest";
import { resolveLinkedRecords, searchLinkedRecords } from "~/server/extensions/extensions.server";
import { isGranted } from "~/server/permissions/grants";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { DOWNSTREAM_PERMISSIONS } from "../domain/downstream-workflow";
import { makeSubcontract, projectCompany } from "./subcontract-fixtures";

const db = setupTestDatabase();

describe("subcontracts as linked records (cncSubContract)", () => {
  it("resolves and searches the project's subcontracts for who may see them, through the registry", async () => {
    const project = await createProject(db.em);
    const company = await projectCompany(db.em, project, "Formwork Bros");
    const formwork = await makeSubcontract(db.em, project, company);
    await makeSubcontract(db.em, project, company, { code: "SC-002", title: "Earthworks" });
    const elsewhere = await createProject(db.em);
    const foreign = await makeSubcontract(db.em, elsewhere, company, { code: "SC-009" });
    const user = await createUser(db.em);
    const requester = (granted: string[]) => ({
      em: db.em,
      project,
      user,
      locale: "en" as const,
      can: (ref: Parameters<typeof isGranted>[0]) => isGranted(ref, new Set(granted), false),
    });
    const viewer = requester([DOWNSTREAM_PERMISSIONS.view]);

    expect(
      await resolveLinkedRecords(viewer, [
        { kind: "cncSubContract", id: formwork.id },
        { kind: "cncSubContract", id: foreign.id },
        { kind: "cncSubContract", id: "not-an-id" },
      ]),
    ).toEqual([
      {
        kind: "cncSubContract",
        id: formwork.id,
        title: "SC-001 · Formwork to the piers",
        href: `/cost-and-commercial/downstream/${formwork.id}`,
      },
    ]);
    expect(
      (await searchLinkedRecords(viewer, "cncSubContract", "earth")).map((record) => record.title),
    ).toEqual(["SC-002 · Earthworks"]);
    expect(await searchLinkedRecords(requester([]), "cncSubContract", "")).toEqual([]);
  });
});
