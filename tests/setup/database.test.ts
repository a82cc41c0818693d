import pg from "pg";
import { describe, expect, it } from "vitest";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "./database";
import { RESET_SCHEMA } from "./reset";

const db = setupTestDatabase();

/** Every table of the migrated database with the rows it holds. */
async function rowsPerTable() {
  const tables = await db.em.execute<{ name: string }[]>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema', '${RESET_SCHEMA}')
       and tablename <> 'mikro_orm_migrations'`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await db.em.execute<{ n: number }[]>(`select count(*)::int as n from ${name}`);
    counts[name] = row.n;
  }
  return counts;
}

// The tests of this file run in order: each one checks what the one before it left.
describe("each test starts from the migrated, empty database", () => {
  it("writes through the ORM, raw SQL, a second connection and a schema of its own", async () => {
    const project = await createProject(db.em);
    const user = await createUser(db.em);
    await addMember(db.em, { project, user, role: await createRole(db.em) });
    await db.em.execute(`insert into company (id, name, created_at, updated_at)
      values (gen_random_uuid(), 'Raw SQL Pty Ltd', now(), now())`);
    const client = new pg.Client({ ...db.db.connection, database: db.db.connection.dbName });
    await client.connect();
    try {
      await client.query(
        "insert into company (id, name, created_at, updated_at) values (gen_random_uuid(), 'Other connection', now(), now())",
      );
      // What pg-boss does on its first start.
      await client.query(
        "create schema pgboss; create table pgboss.job (id int primary key); insert into pgboss.job values (1)",
      );
    } finally {
      await client.end();
    }
    const counts = await rowsPerTable();
    expect(counts).toMatchObject({ "public.project": 1, "public.project_member": 1, "public.company": 2 });
  });

  it("finds every table empty and the schema the test made gone", async () => {
    const counts = await rowsPerTable();
    expect(Object.keys(counts).length).toBeGreaterThan(20);
    expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([]);
    const [schema] = await db.em.execute<{ n: number }[]>(
      "select count(*)::int as n from pg_namespace where nspname = 'pgboss'",
    );
    expect(schema.n).toBe(0);
  });

  it("changes the schema of an application table", async () => {
    await createProject(db.em);
    await db.em.execute(
      "create index company_test_only_index on company (name); alter table company add column test_only int",
    );
  });

  it("finds the migrated schema again, with no rows", async () => {
    const [index] = await db.em.execute<{ n: number }[]>(
      "select count(*)::int as n from pg_indexes where indexname = 'company_test_only_index'",
    );
    expect(index.n).toBe(0);
    const [column] = await db.em.execute<{ n: number }[]>(
      "select count(*)::int as n from information_schema.columns where table_name = 'company' and column_name = 'test_only'",
    );
    expect(column.n).toBe(0);
    expect(Object.entries(await rowsPerTable()).filter(([, n]) => n > 0)).toEqual([]);
  });
});
