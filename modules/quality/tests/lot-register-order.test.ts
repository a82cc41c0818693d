import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, it } from "vitest";
import type { IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader, signedInMember } from "~/tests/setup/requests";
import { type ILot, Lot } from "../entities";
import * as lotRegister from "../routes/lot-register";
import {
  findLotPage,
  iterateLots,
  LOT_REGISTER_SORTS,
  parseLotRegisterQuery,
} from "../server/lot-register.server";

const db = setupTestDatabase();
const REGISTER = "/quality/lot";

/** Lots with the given numbers and titles, in that order of creation. */
async function makeLots(project: IProject, lots: { number: string; title: string }[]): Promise<ILot[]> {
  const em = scopeToProject(db.em, project.id);
  const created = lots.map(
    (lot) => em.create(Lot, { project, ...lot, status: "open", subStatus: null } as never) as ILot,
  );
  await em.flush();
  return created;
}

/** Sets a lot's last change to an exact time; microseconds are kept as PostgreSQL keeps them. */
const touchAt = (lot: ILot, time: string) =>
  db.em.execute(`update lot set updated_at = ?::timestamptz where id = ?`, [time, lot.id]);

const numbersOf = (rows: { number: string }[]) => rows.map((row) => row.number);

async function registerAt(project: IProject, search: string) {
  const { cookie } = await signedInMember(db.em, project, ["quality.lot.view", "quality.lot.download"]);
  const result = await callLoader(lotRegister, `${REGISTER}${search}`, { cookie });
  expect(result.status).toBe(200);
  return result.data;
}

describe("lot register order", () => {
  it("sorts by a column through the URL, ties in lot number order, page by page", async () => {
    const project = await createProject(db.em);
    await makeLots(project, [
      { number: "LOT-0001", title: "Deck pour" },
      { number: "LOT-0002", title: "Abutment A" },
      { number: "LOT-0003", title: "Culvert" },
      { number: "LOT-0004", title: "Abutment A" },
      { number: "LOT-0005", title: "Barrier" },
    ]);

    const ascending = await registerAt(project, "?sort=title&dir=asc");
    expect(ascending.query).toMatchObject({ sort: "title", dir: "asc" });
    expect(numbersOf(ascending.page.rows)).toEqual([
      "LOT-0002",
      "LOT-0004",
      "LOT-0005",
      "LOT-0003",
      "LOT-0001",
    ]);
    const descending = await registerAt(project, "?sort=title&dir=desc");
    expect(numbersOf(descending.page.rows)).toEqual([
      "LOT-0001",
      "LOT-0003",
      "LOT-0005",
      "LOT-0004",
      "LOT-0002",
    ]);
    // The order holds across pages: the database sorts, not the page.
    const em = scopeToProject(db.em, project.id);
    const query = parseLotRegisterQuery(new URLSearchParams("sort=title&dir=asc"));
    const pages = await Promise.all([1, 2, 3].map((page) => findLotPage(em, project.id, query, page, 2)));
    expect(pages.map((page) => numbersOf(page.rows))).toEqual([
      ["LOT-0002", "LOT-0004"],
      ["LOT-0005", "LOT-0003"],
      ["LOT-0001"],
    ]);
    // The export follows the order on screen; the default order adds nothing to its link.
    expect(ascending.exportHref).toBe("/quality/lot/export?sort=title&dir=asc");
    expect((await registerAt(project, "")).exportHref).toBe("/quality/lot/export?");
  });

  it("keeps the newest lot first by default, numbers in numeric order, and ignores columns it does not offer", async () => {
    const project = await createProject(db.em);
    await makeLots(project, [
      { number: "LOT-9999", title: "Before" },
      { number: "LOT-10000", title: "After" },
      { number: "LOT-0002", title: "Early" },
    ]);
    const byDefault = await registerAt(project, "");
    expect(byDefault.query).toMatchObject({ sort: "number", dir: "desc" });
    expect(numbersOf(byDefault.page.rows)).toEqual(["LOT-10000", "LOT-9999", "LOT-0002"]);
    const ascending = await registerAt(project, "?sort=number&dir=asc");
    expect(numbersOf(ascending.page.rows)).toEqual(["LOT-0002", "LOT-9999", "LOT-10000"]);
    for (const unknown of ["status", "title desc", "l.title; drop table lot", "subcontractor_name"]) {
      const refused = await registerAt(project, `?sort=${encodeURIComponent(unknown)}`);
      expect(refused.query.sort).toBe("number");
      expect(numbersOf(refused.page.rows)).toEqual(["LOT-10000", "LOT-9999", "LOT-0002"]);
    }
  });

  it("exports batch after batch in the register's order, rows a microsecond apart included", async () => {
    const project = await createProject(db.em);
    const lots = await makeLots(
      project,
      ["LOT-0001", "LOT-0002", "LOT-0003", "LOT-0004", "LOT-0005"].map((number) => ({
        number,
        title: "Pour",
      })),
    );
    await touchAt(lots[0], "2026-03-01 08:00:00.000002+00");
    await touchAt(lots[1], "2026-03-01 08:00:00.000001+00");
    await touchAt(lots[2], "2026-03-01 08:00:00.000002+00");
    await touchAt(lots[3], "2026-02-01 08:00:00+00");
    await touchAt(lots[4], "2026-03-01 08:00:00.000003+00");
    const em = scopeToProject(db.em, project.id);
    for (const dir of ["asc", "desc"] as const) {
      const query = parseLotRegisterQuery(new URLSearchParams(`sort=updatedAt&dir=${dir}`));
      const exported: string[] = [];
      for await (const batch of iterateLots(em, project.id, query, 2)) exported.push(...numbersOf(batch));
      const onScreen = numbersOf((await findLotPage(em, project.id, query, 1, 50)).rows);
      const expected = ["LOT-0004", "LOT-0002", "LOT-0001", "LOT-0003", "LOT-0005"];
      expect(onScreen).toEqual(dir === "asc" ? expected : [...expected].reverse());
      expect(exported).toEqual(onScreen);
    }
  });

  it("reads each order's page from an index instead of sorting the project's lots", async () => {
    const project = await createProject(db.em);
    await makeLots(project, [{ number: "LOT-0001", title: "Pour" }]);
    for (const sort of LOT_REGISTER_SORTS) {
      for (const dir of ["asc", "desc"] as const) {
        const statements = await statementsOf((em) =>
          findLotPage(
            em,
            project.id,
            parseLotRegisterQuery(new URLSearchParams(`sort=${sort}&dir=${dir}`)),
            3,
          ),
        );
        const page = statements.find((statement) => statement.sql.includes("page_ids"));
        if (!page) throw new Error("The page query was not run");
        const plan = await planWithoutSorting(page.sql, page.params);
        // The page's ids come straight from an index walk; only the ten rows found are sorted again.
        expect(plan, `${sort} ${dir}`).toMatch(
          /Limit[^\n]*\n\s*->\s+Index (Only )?Scan( Backward)? using lot_project_id_\w*sequence_index/,
        );
      }
    }
  });
});

type Statement = { sql: string; params: unknown[] };

/** The SQL a register call runs, captured from its EntityManager. */
async function statementsOf(run: (em: EntityManager) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const em = db.em.fork();
  const recording = new Proxy(em, {
    get(target, property, receiver) {
      if (property === "execute")
        return (sql: string, params: unknown[] = []) => {
          statements.push({ sql, params });
          return target.execute(sql, params);
        };
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  await run(recording);
  return statements;
}

/**
 * The plan with sorting (and full scans) priced out: a sort remaining in it means no index gives the
 * order, which at 100,000 lots would read and sort every lot of the project for each page.
 */
async function planWithoutSorting(sql: string, params: unknown[]): Promise<string> {
  return db.em.fork().transactional(async (em) => {
    await em.execute("set local enable_sort = off");
    await em.execute("set local enable_seqscan = off");
    const rows = await em.execute<{ "QUERY PLAN": string }[]>(`explain ${sql}`, params);
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}
