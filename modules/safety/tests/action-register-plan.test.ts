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
      (await registerStatements(context, search)).find((statement) => statement.sql.includes("page_ids"))!;

    // The page's ids: a full sort is refused; an incremental sort (ties of a due date, read in the index's
    // order) is cheap. Only the ten rows found are sorted again, above the limit, once joined to their people.
    for (const search of [
      "?tab=all_actions",
      "?tab=all_actions&sort=number&dir=asc",
      "?tab=all_actions&status=open",
      "?tab=all_actions&sort=dueDate&dir=asc",
    ]) {
      const steps = await plan(await pageOf(search));
      const ids = steps.slice(steps.indexOf("Limit"));
      expect(ids, search).toMatch(/^Limit/);
      expect(ids, search).not.toMatch(/(^|->\s+)Sort\s+\(/m);
    }
  });

  it("totals the register from the per-status totals the triggers keep through inserts, steps and deletes", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { engineer, worker } = await safetySite(db.em, project);
    const labels = [null, "Working at height", "Housekeeping", null, "PPE", "Housekeeping"];
    for (let n = 1; n <= 6; n += 1)
      await makeAction(db.em, project, {
        number: `ACT-${String(n).padStart(4, "0")}`,
        assignee: worker.user,
        createdBy: engineer.user,
        status: n <= 4 ? "open" : "closed",
        label: labels[n - 1],
      });
    await makeAction(db.em, other, { number: "ACT-0001", status: "open", label: "Electrical" });
    const context = { em: db.em, project, user: engineer.user } as unknown as ProjectContext;
    const totals = async () => {
      const statements = await registerStatements(context, "?tab=all_actions&status=open");
      expect(statements.some((statement) => statement.sql.includes("safety_action_status_total"))).toBe(true);
      const all = await loadActionRegister(context, new URL("http://x/safety/actions?tab=all_actions"));
      const open = await loadActionRegister(
        context,
        new URL("http://x/safety/actions?tab=all_actions&status=open"),
      );
      return { all: all.total, open: open.total, labels: all.filters.labels };
    };
    // The labels in use, each once, in order (a skip scan of the label index), none of another project's.
    expect(await totals()).toEqual({ all: 6, open: 4, labels: ["Housekeeping", "PPE", "Working at height"] });

    await db.em.execute(
      "update safety_action set status = 'in_progress' where project_id = ? and number in ('ACT-0001', 'ACT-0002')",
      [project.id],
    );
    expect(await totals()).toMatchObject({ all: 6, open: 2 });
    await db.em.execute("delete from safety_action where project_id = ? and number = 'ACT-0003'", [
      project.id,
    ]);
    expect(await totals()).toMatchObject({ all: 5, open: 1 });
    // My Actions: assigned to me or created by me, each once (the total adds the two halves).
    await makeAction(db.em, project, {
      number: "ACT-0007",
      assignee: engineer.user,
      createdBy: engineer.user,
      status: "open",
    });
    await makeAction(db.em, project, { number: "ACT-0008", assignee: engineer.user, createdBy: worker.user });
    await makeAction(db.em, project, { number: "ACT-0009", assignee: worker.user, createdBy: worker.user });
    await makeAction(db.em, project, { number: "ACT-0010", assignee: null, createdBy: engineer.user });
    for (const [search, numbers] of [
      [
        "?tab=my_actions",
        ["ACT-0010", "ACT-0008", "ACT-0007", "ACT-0006", "ACT-0005", "ACT-0004", "ACT-0002", "ACT-0001"],
      ],
      ["?tab=my_actions&status=open", ["ACT-0010", "ACT-0008", "ACT-0007", "ACT-0004"]],
      [
        "?tab=my_actions&q=ACT-000",
        ["ACT-0008", "ACT-0007", "ACT-0006", "ACT-0005", "ACT-0004", "ACT-0002", "ACT-0001"],
      ],
    ] as const) {
      const mine = await loadActionRegister(context, new URL(`http://x/safety/actions${search}`));
      expect(
        mine.rows.map((row) => row.number),
        search,
      ).toEqual(numbers);
      expect(mine.total, search).toBe(numbers.length);
    }

    // A filter other than the status is counted.
    const high = await loadActionRegister(
      context,
      new URL("http://x/safety/actions?tab=all_actions&risk=high"),
    );
    expect(high.total).toBe(0);
  });
});
