/**
 * A register's page query as PostgreSQL plans it, for the register plan tests: the statement a loader sends
 * for its page (the one with "limit ? offset ?"), and its plan with full scans and sorts priced out, so a
 * plan that still needs one shows it.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import type { ProjectContext } from "~/server/permissions/guard.server";

type Statement = { sql: string; params: unknown[] };
type Loader = (context: ProjectContext, url: URL) => Promise<unknown>;

export async function pageStatement(
  em: EntityManager,
  context: ProjectContext,
  load: Loader,
  url: string,
): Promise<Statement> {
  const statements: Statement[] = [];
  const fork = em.fork();
  const recording = new Proxy(fork, {
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
  return em.fork().transactional(async (tx) => {
    await tx.execute("set local enable_sort = off");
    await tx.execute("set local enable_seqscan = off");
    const rows = await tx.execute<{ "QUERY PLAN": string }[]>(`explain ${statement.sql}`, statement.params);
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

export const FULL_SORT = /(^|->\s+)Sort\s+\(/m;
