import type { EntityManager } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Database } from "~/server/db/database";
import { scopeToProject } from "~/server/db/project-scope";
import { percentile } from "./stats";

/**
 * The SQL floor of a page: the statements the register's query code sends for it, captured as the ORM
 * formats them, then replayed through a plain `pg` client. Nothing the server adds (guard, rendering,
 * HTTP) is in it, so the page's latency over this floor is what the application costs.
 */

export type SqlFloor = {
  runs: number;
  /** One replay of every statement, in order, on one connection. */
  p50: number;
  p95: number;
  statements: { sql: string; p50: number }[];
};

/** Runs the work on a fresh project-scoped EntityManager and returns every statement it sent, values inlined. */
export async function captureStatements(
  db: Database,
  projectId: string,
  work: (em: EntityManager) => Promise<unknown>,
): Promise<string[]> {
  const statements: string[] = [];
  const platform = db.orm.em.getPlatform();
  db.orm.config.set("onQuery", (sql: string, params: readonly unknown[]) => {
    statements.push(platform.formatQuery(sql, params as unknown[]));
    return sql;
  });
  try {
    await work(scopeToProject(db.orm.em.fork() as EntityManager, projectId));
  } finally {
    db.orm.config.set("onQuery", (sql: string) => sql);
  }
  return statements;
}

export async function measureFloor(
  client: pg.Client,
  statements: string[],
  options: { runs: number; warmUp: number },
): Promise<SqlFloor> {
  const totals: number[] = [];
  const perStatement = statements.map(() => [] as number[]);
  for (let run = 0; run < options.warmUp + options.runs; run++) {
    let total = 0;
    for (const [index, sql] of statements.entries()) {
      const t0 = performance.now();
      await client.query(sql);
      const took = performance.now() - t0;
      total += took;
      if (run >= options.warmUp) perStatement[index].push(took);
    }
    if (run >= options.warmUp) totals.push(total);
  }
  return {
    runs: options.runs,
    p50: percentile(totals, 50),
    p95: percentile(totals, 95),
    statements: statements.map((sql, index) => ({ sql, p50: percentile(perStatement[index], 50) })),
  };
}

/** `explain (analyze, buffers)` of each statement: what the lead reads when a page misses its target. */
export async function explainStatements(client: pg.Client, statements: string[]): Promise<string[]> {
  const plans: string[] = [];
  for (const sql of statements) {
    const { rows } = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${sql}`);
    plans.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
  }
  return plans;
}
