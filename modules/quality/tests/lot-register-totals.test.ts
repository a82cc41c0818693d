import { describe, expect, it } from "vitest";
import type { IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createLocation } from "~/server/locations/locations.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import type { LotStatus } from "../domain/lot-workflow";
import { Lot } from "../entities";
import { findLotPage, parseLotRegisterQuery } from "../server/lot-register.server";

const db = setupTestDatabase();

async function addLots(project: IProject, statuses: LotStatus[], from = 1) {
  const em = scopeToProject(db.em.fork(), project.id);
  for (const [i, status] of statuses.entries())
    em.create(Lot, {
      project,
      number: `LOT-${String(from + i).padStart(4, "0")}`,
      title: `Lot ${from + i}`,
      status,
      subStatus: null,
    } as never);
  await em.flush();
}

/** The register's total for a URL, and what counting the table itself answers. */
async function totals(project: IProject, search: string) {
  const em = scopeToProject(db.em.fork(), project.id);
  const query = parseLotRegisterQuery(new URLSearchParams(search));
  const page = await findLotPage(em, project.id, query, 1);
  const statuses = query.statuses.length ? query.statuses : null;
  const [counted] = await em.execute<{ total: string }[]>(
    `select count(*) as total from lot where project_id = ?${statuses ? " and status in (?)" : ""}`,
    statuses ? [project.id, statuses] : [project.id],
  );
  return { shown: page.total, counted: Number(counted.total) };
}

describe("lot register totals", () => {
  it("reads the unfiltered and status totals from the kept counts, equal to counting, through inserts, status changes and deletes", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    await addLots(project, ["open", "open", "active", "closed"]);
    await addLots(other, ["open"]);

    expect(await totals(project, "")).toEqual({ shown: 4, counted: 4 });
    expect(await totals(project, "status=open")).toEqual({ shown: 2, counted: 2 });
    expect(await totals(project, "status=open&status=closed")).toEqual({ shown: 3, counted: 3 });
    expect(await totals(project, "status=cancelled")).toEqual({ shown: 0, counted: 0 });

    // A status change moves one lot from one total to the other; a change of title moves nothing.
    await db.em.execute(`update lot set status = 'active' where project_id = ? and number = 'LOT-0001'`, [
      project.id,
    ]);
    await db.em.execute(`update lot set title = 'Renamed' where project_id = ?`, [project.id]);
    expect(await totals(project, "status=open")).toEqual({ shown: 1, counted: 1 });
    expect(await totals(project, "status=active")).toEqual({ shown: 2, counted: 2 });

    await db.em.execute(`delete from lot where project_id = ? and status = 'closed'`, [project.id]);
    expect(await totals(project, "")).toEqual({ shown: 3, counted: 3 });
    expect(await totals(other, "")).toEqual({ shown: 1, counted: 1 });
  });

  it("does not count a write that rolls back", async () => {
    const project = await createProject(db.em);
    await addLots(project, ["open"]);
    await expect(
      db.em.fork().transactional(async (em) => {
        await em.execute(
          `insert into lot (id, project_id, "number", title, status, created_at, updated_at) values (gen_random_uuid(), ?, 'LOT-0002', 'Lost', 'open', now(), now())`,
          [project.id],
        );
        throw new Error("the request failed");
      }),
    ).rejects.toThrow("the request failed");
    expect(await totals(project, "")).toEqual({ shown: 1, counted: 1 });
  });

  it("counts a search or another filter on the lots themselves", async () => {
    const project = await createProject(db.em);
    await addLots(project, ["open", "open", "active"]);
    const em = scopeToProject(db.em.fork(), project.id);
    const page = await findLotPage(em, project.id, parseLotRegisterQuery(new URLSearchParams("q=Lot 2")), 1);
    expect(page.total).toBe(1);
    expect(page.rows.map((row) => row.number)).toEqual(["LOT-0002"]);
  });

  it("names each row's location from its path, and a location filter takes the locations below it", async () => {
    const project = await createProject(db.em);
    const em = scopeToProject(db.em.fork(), project.id);
    const place = { em, projectId: project.id, actorId: null };
    const create = async (name: string, parentId: string | null, at = place) => {
      const created = await createLocation(at, { name, parentId: parentId ?? "" });
      if (!created.ok) throw new Error(JSON.stringify(created.fieldErrors));
      return created.value;
    };
    const bridge = await create("Bridge", null);
    const span = await create("Span 2", bridge.id);
    const deck = await create("Deck", span.id);
    const road = await create("Road", null);
    const lotAt = (number: string, location: unknown) =>
      em.create(Lot, { project, number, title: number, status: "open", subStatus: null, location } as never);
    lotAt("LOT-0001", deck.id);
    lotAt("LOT-0002", span.id);
    lotAt("LOT-0003", road.id);
    lotAt("LOT-0004", null);
    await em.flush();

    const all = await findLotPage(
      em,
      project.id,
      parseLotRegisterQuery(new URLSearchParams("sort=number&dir=asc")),
      1,
    );
    expect(all.rows.map((row) => [row.number, row.locationPath])).toEqual([
      ["LOT-0001", "Bridge › Span 2 › Deck"],
      ["LOT-0002", "Bridge › Span 2"],
      ["LOT-0003", "Road"],
      ["LOT-0004", null],
    ]);

    const underBridge = await findLotPage(
      em,
      project.id,
      parseLotRegisterQuery(new URLSearchParams(`location=${bridge.id}&sort=number&dir=asc`)),
      1,
    );
    expect(underBridge.rows.map((row) => row.number)).toEqual(["LOT-0001", "LOT-0002"]);
    expect(underBridge.total).toBe(2);

    // Another project's location filters to nothing here.
    const otherProject = await createProject(db.em);
    const elsewhere = await create("Elsewhere", null, {
      em: scopeToProject(db.em.fork(), otherProject.id),
      projectId: otherProject.id,
      actorId: null,
    });
    const foreign = await findLotPage(
      em,
      project.id,
      parseLotRegisterQuery(new URLSearchParams(`location=${elsewhere.id}`)),
      1,
    );
    expect(foreign.total).toBe(0);
  });
});
