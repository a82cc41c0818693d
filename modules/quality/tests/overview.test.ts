import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, it } from "vitest";
import type { IProject } from "~/server/db/entities";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader, signedInMember } from "~/tests/setup/requests";
import type { LotStatus, LotSubStatus } from "../domain/lot-workflow";
import { Itp, Lot } from "../entities";
import * as lotRegister from "../routes/lot-register";
import * as home from "../routes/quality-home";

const db = setupTestDatabase();
const PATH = "/quality/home";

let serial = 0;
function lot(em: EntityManager, project: IProject, status: LotStatus, subStatus: LotSubStatus | null = null) {
  serial += 1;
  return em.create(Lot, {
    project,
    number: `LOT-${String(serial).padStart(4, "0")}`,
    title: `Lot ${serial}`,
    status,
    subStatus,
  });
}

const memberWith = async (project: IProject, grantedActions: string[]) =>
  (await signedInMember(db.em, project, grantedActions)).cookie;

describe("quality overview", () => {
  it("counts the project's lots and ITPs by status and lists what waits for the user's review", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const em = db.em;
    lot(em, project, "open");
    lot(em, project, "active", "engineer_review");
    lot(em, project, "active", "engineer_review");
    lot(em, project, "confirming", "external_review");
    lot(em, other, "active", "engineer_review");
    em.create(Itp, { project, number: "ITP-0001", title: "Concrete", status: "internal_review" });
    await em.flush();

    const projectEngineer = await memberWith(project, ["quality.lot.view", "quality.lot.internal-review"]);
    const page = await callLoader(home, PATH, { cookie: projectEngineer });
    expect(page.status).toBe(200);
    const counts = Object.fromEntries(
      page.data.overview.lotsByStatus.map((row: { status: string; count: number }) => [
        row.status,
        row.count,
      ]),
    );
    expect(counts).toMatchObject({ open: 1, active: 2, confirming: 1, closed: 0 });
    // The engineer reviews lots submitted to them; the client's and QA's queues are not theirs.
    expect(page.data.overview.waiting).toEqual([
      {
        kind: "lot",
        status: "active",
        subStatus: "engineer_review",
        count: 2,
        href: "/quality/lot?status=active&subStatus=engineer_review",
      },
    ]);
    expect(page.data.canViewItps).toBe(false);

    const qualityReviewer = await memberWith(project, ["quality.itp.view", "quality.itp.internal-review"]);
    const forQuality = await callLoader(home, PATH, { cookie: qualityReviewer });
    expect(forQuality.data.overview.waiting).toEqual([
      {
        kind: "itp",
        status: "internal_review",
        subStatus: null,
        count: 1,
        href: "/quality/itp?status=internal_review",
      },
    ]);
  });

  it("links each 'waiting for you' count to a register listing exactly the lots it counts", async () => {
    // Two lots wait for QA; two more are active at other steps. The link by status alone listed all four.
    const project = await createProject(db.em);
    const em = db.em;
    lot(em, project, "active", "qa_review");
    lot(em, project, "active", "qa_review");
    lot(em, project, "active", "work_started");
    lot(em, project, "active", "engineer_review");
    await em.flush();
    const qa = await memberWith(project, ["quality.lot.view", "quality.lot.qa-review"]);
    const page = await callLoader(home, PATH, { cookie: qa });
    const waiting = page.data.overview.waiting as { count: number; href: string }[];
    expect(waiting.map((entry) => entry.count)).toEqual([2]);
    for (const entry of waiting) {
      const listed = await callLoader(lotRegister, entry.href, { cookie: qa });
      expect(listed.status).toBe(200);
      expect(listed.data.page.total).toBe(entry.count);
      expect(listed.data.page.rows).toHaveLength(entry.count);
    }
  });

  it("is refused to a member who can see neither lots nor ITPs", async () => {
    const project = await createProject(db.em);
    const cookie = await memberWith(project, ["project-settings.members.view"]);
    const page = await callLoader(home, PATH, { cookie });
    expect(page.status).toBe(302);
    expect(page.location).toContain("/forbidden");
  });
});
