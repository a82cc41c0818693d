import { describe, expect, it } from "vitest";
import { LOT_INITIAL_STATE, LOT_TRANSITIONS, lotStateKey } from "~/modules/quality/domain/lot-workflow";
import { loadHpWpRegister } from "~/modules/quality/server/hp-wp-register.server";
import { findLotPage, parseLotRegisterQuery } from "~/modules/quality/server/lot-register.server";
import { scopeToProject } from "~/server/db/project-scope";
import { requestContext } from "~/server/permissions/guard.server";
import { setupTestDatabase } from "~/tests/setup/database";
import { connectClient } from "./database";
import { BENCH_ITP_COUNT, BENCH_ITP_ITEMS, generateScaleData } from "./scale-data";
import { captureStatements, measureFloor } from "./sql-floor";

const db = setupTestDatabase();

/** The benchmark is only worth its figures if its data is data the product could hold. */
describe("benchmark scale data", () => {
  it("writes lots in reachable workflow states that the register and a session can read", async () => {
    const client = await connectClient(db.db);
    try {
      const data = await generateScaleData(db.em, client, {
        lots: 1200,
        sessionSecret: process.env.SESSION_SECRET!,
        log: () => {},
      });
      expect(data.counts).toMatchObject({
        lots: 1200,
        locations: 1110,
        itps: BENCH_ITP_COUNT,
        itpItems: BENCH_ITP_COUNT * BENCH_ITP_ITEMS,
        lotItps: 1080,
      });

      const reachable = new Set(
        [LOT_INITIAL_STATE, ...LOT_TRANSITIONS.flatMap((row) => (row.to ? [row.to] : []))].map(lotStateKey),
      );
      const { rows } = await client.query<{ status: "open"; sub_status: null }>(
        "select distinct status, sub_status from lot",
      );
      for (const row of rows)
        expect(reachable).toContain(lotStateKey({ status: row.status, subStatus: row.sub_status }));

      // Numbered as nextNumber numbers them.
      const numbers = await client.query<{ number: string }>(
        "select number from lot where number in ('LOT-0001', 'LOT-1200')",
      );
      expect(numbers.rows.map((row) => row.number).sort()).toEqual(["LOT-0001", "LOT-1200"]);

      const em = scopeToProject(db.em, data.projectId);
      const page = await findLotPage(
        em,
        data.projectId,
        parseLotRegisterQuery(new URLSearchParams("q=pier")),
        1,
      );
      expect(page.total).toBeGreaterThan(0);
      expect(page.rows.every((row) => /pier/i.test(row.title))).toBe(true);
      expect(page.rows.some((row) => row.itpNumbers.length > 0)).toBe(true);

      const request = new Request("http://localhost/quality/lot", { headers: { Cookie: data.cookie } });
      const { user, project } = await requestContext(request);
      expect(user?.id).toBe(data.userId);
      expect(project?.id).toBe(data.projectId);

      // The floor replays exactly what the register sent: the same rows come back.
      const statements = await captureStatements(db.db, data.projectId, (scoped) =>
        findLotPage(scoped, data.projectId, parseLotRegisterQuery(new URLSearchParams("status=active")), 2),
      );
      // A status filter's total comes from the per-status totals the triggers kept through the bulk insert.
      expect(statements.some((sql) => sql.includes("lot_status_total"))).toBe(true);
      const counted = await client.query<{ total: string }>(
        "select count(*) as total from lot where project_id = $1 and status = 'active'",
        [data.projectId],
      );
      const active = await findLotPage(
        em,
        data.projectId,
        parseLotRegisterQuery(new URLSearchParams("status=active")),
        1,
      );
      expect(active.total).toBe(Number(counted.rows[0].total));
      const floor = await measureFloor(client, statements, { runs: 2, warmUp: 0 });
      expect(floor.p95).toBeGreaterThan(0);

      // Hold and witness points: rows for lots past their first steps, some called and overdue; the HP/WP
      // register's totals (by formula or counted) agree with a count of the points themselves.
      expect(data.counts.inspectionPoints).toBeGreaterThan(0);
      const holdPoints = await client.query<{ total: string; open: string }>(
        `select count(*) as total, count(*) filter (where coalesce(lip.state, 'not_started') = 'not_started') as open
         from lot_itp li join itp_item it on it.itp_id = li.itp_id and it.inspection_point = 'H'
           left join lot_inspection_point lip on lip.lot_id = li.lot_id and lip.item_id = it.id
         where li.project_id = $1`,
        [data.projectId],
      );
      const register = (search: string) =>
        loadHpWpRegister(em, data.projectId, new URL(`http://localhost/quality/hp-wp?${search}`));
      expect((await register("tab=hold")).total).toBe(Number(holdPoints.rows[0].total));
      expect((await register("tab=hold&state=not_started")).total).toBe(Number(holdPoints.rows[0].open));
      const overdue = await register("tab=hold&due=overdue");
      expect(overdue.total).toBeGreaterThan(0);
      expect(overdue.rows.every((row) => row.overdue)).toBe(true);
    } finally {
      await client.end();
    }
  });
});
