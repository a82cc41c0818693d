/**
 * How PostgreSQL plans a register's page query: the statement a register loader sends for its page (the one
 * with `limit ? offset ?`), and its plan with full scans and sorts priced out, so a plan that still needs a
 * sort of the project's rows shows it (`FULL_SORT`).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import type { ProjectContext } from "~/server/permissions/guard.server";

export type Statement = { sql: string; params: unknown[] };
type Loader = (context: ProjectContext, url: URL) => Promise<unknown>;

export async function pageStatement(
  db: { em: EntityManager },
  context: ProjectContext,
  load: Loader,
  url: string,
): Promise<Statement> {
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
  await load({ ...context, em: recording as EntityManager }, new URL(`http://x${url}`));
  return statements.find((statement) => statement.sql.includes("limit ? offset ?"))!;
}

export async function plan(db: { em: EntityManager }, statement: Statement): Promise<string> {
  return db.em.fork().transactional(async (em) => {
    await em.execute("set local enable_sort = off");
    await em.execute("set local enable_seqscan = off");
    const rows = await em.execute<{ "QUERY PLAN": string }[]>(`explain ${statement.sql}`, statement.params);
    const steps = rows.map((row) => row["QUERY PLAN"]).join("\n");
    // An ids-first page (server/db/register-query): the ten rows found are sorted again once joined to
    // their people, above the limit; the plan that must come from an index is the ids' one, from its Limit.
    return statement.sql.includes("page_ids") ? steps.slice(steps.indexOf("Limit")) : steps;
  });
}

export const FULL_SORT = /(^|->\s+)Sort\s+\(/m;
