import type { EntityManager } from "@mikro-orm/postgresql";
import type { ProjectContext } from "~/server/permissions/guard.server";

/**
 * How PostgreSQL plans a register's page: the page's statement as the loader sends it, and its plan with full
 * scans and sorts priced out, so a page whose order or filter no index serves shows a Sort.
 */

type Statement = { sql: string; params: unknown[] };
export type RegisterLoader = (context: ProjectContext, url: URL) => Promise<unknown>;

export const FULL_SORT = /(^|->\s+)Sort\s+\(/m;

/** The page's statement (the one with `limit ? offset ?`) a loader sends for this URL. */
export async function pageStatement(
  em: EntityManager,
  context: ProjectContext,
  load: RegisterLoader,
  url: string,
): Promise<Statement> {
  const statements: Statement[] = [];
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

export async function plan(em: EntityManager, statement: Statement): Promise<string> {
  return em.transactional(async (tx) => {
    await tx.execute("set local enable_sort = off");
    await tx.execute("set local enable_seqscan = off");
    const rows = await tx.execute<{ "QUERY PLAN": string }[]>(`explain ${statement.sql}`, statement.params);
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}
