/**
 * The register's pages as PostgreSQL plans them: each order and filter comes from an index (no sort of
 * the project's actions for a page), so the register stays cheap on a project of 100,000 actions. Full
 * scans and sorts are priced out, so a plan that still needs one shows it. (Whether a search takes the
 * trigram index depends on the table's statistics at scale: a handful of rows cannot show it.)
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, it } from "vitest";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { loadActionRegister } from "../server/action-register.server";
import { makeAction, safetySite } from "./fixtures";

const db = setupTestDatabase();

type Statement = { sql: string; params: unknown[] };

async function registerStatements(context: ProjectContext, search: string): Promise<Statement[]> {
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
  await loadActionRegister(
    { ...context, em: recording as EntityManager },
    new URL(`http://x/safety/actions${search}`),
  );
  return statements;
}

async function plan(statement: Statement): Promise<string> {
  return db.em.fork().transactional(async (em) => {
    await em.execute("set local enable_sort = off");
    await em.execute("set local enable_seqscan = off");
    const rows = await em.execute<{ "QUERY PLAN": string }[]>(`explain ${statement.sql}`, statement.params);
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

describe("the actions register's plans", () => {
  it("orders every page from an index, filtered or not", async () => {
    const project = await createProject(db.em);
    const { engineer, worker } = await safetySite(db.em, project);
    for (let n = 1; n <= 30; n += 1)
      await makeAction(db.em, project, {
        number: `ACT-${String(n).padStart(4, "0")}`,
        assignee: worker.user,
        createdBy: engineer.user,
        status: n % 2 ? "open" : "closed",
      });
    const context = { em: db.em, project, user: engineer.user } as unknown as ProjectContext;
    const pageOf = async (search: string) =>
      (await registerStatements(context, search)).find((statement) =>
        statement.sql.includes("limit ? offset ?"),
      )!;

    // A full sort is refused; an incremental sort (ties of a due date, read in the index's order) is cheap.
    for (const search of [
      "?tab=all_actions",
      "?tab=all_actions&sort=number&dir=asc",
      "?tab=all_actions&status=open",
      "?tab=all_actions&sort=dueDate&dir=asc",
    ])
      expect(await plan(await pageOf(search)), search).not.toMatch(/(^|->\s+)Sort\s+\(/m);
  });
});
