import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { scopeToProject } from "~/server/db/project-scope";
import { createCompany, createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { Docket } from "../entities";
import { provider } from "../provides/subcontract-work.server";
import { makeDocket } from "./docket-posting-fixtures";

const db = setupTestDatabase();
const work = provider.contribution;

async function site() {
  const em = db.em;
  const project = await createProject(em);
  const company = await createCompany(em, { name: "Formwork Bros" });
  const subcontractId = randomUUID();
  const make = (status: "approved" | "posted" | "draft" | "in_review", docketDate: string, other = false) =>
    makeDocket(em, project, {
      status,
      company,
      docketDate,
      subcontractId: other ? randomUUID() : subcontractId,
      items: [{ code: "FW-1", quantity: "10.000", unitPriceCents: 12345 }],
    });
  return { em, project, subcontractId, make };
}

describe("subcontract.work: approved dockets roll into a subcontract's payment claim", () => {
  it("gives the approved and posted dockets up to the day, unclaimed, oldest first, for their totals", async () => {
    const { em, project, subcontractId, make } = await site();
    const late = await make("approved", "2026-11-12");
    const early = await make("posted", "2026-11-03");
    await make("draft", "2026-11-04");
    await make("in_review", "2026-11-05");
    await make("approved", "2026-11-06", true);
    await make("approved", "2026-11-30");
    const scope = { em: scopeToProject(em, project.id), projectId: project.id };
    const items = await work.unclaimed(scope, { subcontractId, through: "2026-11-15" });
    expect(items.map((item) => [item.id, item.date, item.amountCents])).toEqual([
      [early.id, "2026-11-03", 123450],
      [late.id, "2026-11-12", 123450],
    ]);
    expect(items[0]).toMatchObject({ number: early.number, href: `/dockets/${early.id}` });
    expect(items[0].title).toContain("Formwork Bros");
  });

  it("claims all or nothing in the caller's transaction; ofClaim and release", async () => {
    const { em, project, subcontractId, make } = await site();
    const a = await make("approved", "2026-11-02");
    const b = await make("posted", "2026-11-03");
    const draft = await make("draft", "2026-11-04");
    const claimId = randomUUID();
    const other = randomUUID();
    const scoped = scopeToProject(em, project.id);

    // A draft among them: nothing is claimed.
    expect(
      await em.transactional((tx) =>
        work.claim({ em: tx, projectId: project.id }, { claimId, subcontractId, ids: [a.id, draft.id] }),
      ),
    ).toBe(false);
    expect((await scoped.findOneOrFail(Docket, a.id, { refresh: true })).claimId).toBeNull();

    // The caller's transaction rolls back: the claim is gone with it.
    await expect(
      em.transactional(async (tx) => {
        expect(
          await work.claim({ em: tx, projectId: project.id }, { claimId, subcontractId, ids: [a.id] }),
        ).toBe(true);
        throw new Error("the claim failed to save");
      }),
    ).rejects.toThrow("the claim failed to save");
    expect((await db.em.findOneOrFail(Docket, a.id, { filters: false })).claimId).toBeNull();

    expect(
      await em.transactional((tx) =>
        work.claim({ em: tx, projectId: project.id }, { claimId, subcontractId, ids: [a.id, b.id] }),
      ),
    ).toBe(true);
    // Taken: another claim gets none of them, not even the one still free.
    const c = await make("approved", "2026-11-05");
    expect(
      await em.transactional((tx) =>
        work.claim({ em: tx, projectId: project.id }, { claimId: other, subcontractId, ids: [b.id, c.id] }),
      ),
    ).toBe(false);
    expect((await db.em.findOneOrFail(Docket, c.id, { filters: false })).claimId).toBeNull();

    const scope = { em: scopeToProject(db.em, project.id), projectId: project.id };
    expect((await work.ofClaim(scope, claimId)).map((item) => item.id)).toEqual([a.id, b.id]);
    expect((await work.unclaimed(scope, { subcontractId, through: "2026-12-31" })).map((i) => i.id)).toEqual([
      c.id,
    ]);

    await em.transactional((tx) => work.release({ em: tx, projectId: project.id }, claimId));
    expect(await work.ofClaim(scope, claimId)).toEqual([]);
    expect((await work.unclaimed(scope, { subcontractId, through: "2026-12-31" })).map((i) => i.id)).toEqual([
      a.id,
      b.id,
      c.id,
    ]);
  });

  it("two claims at once: one takes the dockets, the other gets false", async () => {
    const { em, project, subcontractId, make } = await site();
    const a = await make("approved", "2026-11-02");
    const b = await make("approved", "2026-11-03");
    const claims = [randomUUID(), randomUUID()];
    const results = await Promise.all(
      claims.map((claimId) =>
        db.em.transactional((tx) =>
          work.claim({ em: tx, projectId: project.id }, { claimId, subcontractId, ids: [a.id, b.id] }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await em.find(Docket, { id: { $in: [a.id, b.id] } }, { filters: false });
    expect(new Set(rows.map((row) => row.claimId)).size).toBe(1);
  });
});
