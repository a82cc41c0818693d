import { describe, expect, it } from "vitest";
import { SiteDiary } from "~/modules/operation/diary-entities";
import { loadDiaryPage } from "~/modules/operation/server/diary-detail.server";
import { loadDiaryRegister } from "~/modules/operation/server/diary-register.server";
import { LOT_INITIAL_STATE, LOT_TRANSITIONS, lotStateKey } from "~/modules/quality/domain/lot-workflow";
import { loadHpWpRegister } from "~/modules/quality/server/hp-wp-register.server";
import { findLotPage, parseLotRegisterQuery } from "~/modules/quality/server/lot-register.server";
import { ACTION_STATUSES } from "~/modules/safety/domain/action-workflow";
import { INCIDENT_STATUSES } from "~/modules/safety/domain/incident-fields";
import { loadActionRegister } from "~/modules/safety/server/action-register.server";
import { loadIncidentRegister } from "~/modules/safety/server/incident-register.server";
import { nextNumber } from "~/server/db/counters";
import { scopeToProject } from "~/server/db/project-scope";
import { type ProjectContext, requestContext } from "~/server/permissions/guard.server";
import { setupTestDatabase } from "~/tests/setup/database";
import { connectClient } from "./database";
import { ACTION_COMMON_WORD, ACTION_LABELS } from "./scale-actions";
import { BENCH_ITP_COUNT, BENCH_ITP_ITEMS, BENCH_MEMBER_COUNT, generateScaleData } from "./scale-data";
import { BENCH_DIARY_DAYS } from "./scale-diaries";
import { INCIDENT_COMMON_WORD } from "./scale-incidents";
import { captureStatements, measureFloor } from "./sql-floor";

const db = setupTestDatabase();

/** The benchmark is only worth its figures if its data is data the product could hold. */
describe("benchmark scale data", () => {
  it("writes lots in reachable workflow states that the register and a session can read", async () => {
    const client = await connectClient(db.db);
    try {
      const data = await generateScaleData(db.em, client, {
        lots: 1200,
        actions: 0,
        sessionSecret: process.env.SESSION_SECRET!,
        log: () => {},
      });
      expect(data.counts).toMatchObject({
        lots: 1200,
        locations: 1110,
        itps: BENCH_ITP_COUNT,
        itpItems: BENCH_ITP_COUNT * BENCH_ITP_ITEMS,
        lotItps: 1080,
        members: BENCH_MEMBER_COUNT,
        actions: 0,
      });
      expect(data.actions).toBeNull();

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

  it("writes safety actions numbered, mixed and assigned as the app would, that the register reads", async () => {
    const client = await connectClient(db.db);
    try {
      const data = await generateScaleData(db.em, client, {
        lots: 100,
        actions: 1500,
        sessionSecret: process.env.SESSION_SECRET!,
        log: () => {},
      });
      expect(data.counts).toMatchObject({ actions: 1500, members: BENCH_MEMBER_COUNT });
      expect(data.counts.actionWatchers).toBeGreaterThan(1500 / 4);
      const actions = data.actions!;

      // Every status, most closed (a long job), each a status the workflow has.
      expect(Object.keys(actions.statusMix).sort()).toEqual([...ACTION_STATUSES].sort());
      expect(Object.values(actions.statusMix).reduce((a, b) => a + b, 0)).toBe(1500);
      expect(actions.statusMix.closed).toBeGreaterThan(1500 * 0.7);
      // Closed and completed ones carry their times; open ones none.
      const times = await client.query<{ wrong: string }>(
        `select count(*) as wrong from safety_action where
           (status = 'closed' and (closed_at is null or completed_at is null))
           or (status = 'completed' and (completed_at is null or closed_at is not null))
           or (status in ('open', 'in_progress') and (completed_at is not null or closed_at is not null))`,
      );
      expect(Number(times.rows[0].wrong)).toBe(0);

      // Numbered as nextNumber numbers them, the project's counter carrying on after the last one.
      const numbers = await client.query<{ number: string; sequence: number }>(
        "select number, sequence from safety_action where number in ('ACT-0001', 'ACT-1500') order by sequence",
      );
      expect(numbers.rows).toEqual([
        { number: "ACT-0001", sequence: 1 },
        { number: "ACT-1500", sequence: 1500 },
      ]);
      expect(await nextNumber(db.em, data.projectId, "ACT")).toBe("ACT-1501");

      // 30 labels; assignees, creators and watchers are the project's members, the bench user among them.
      const labels = await client.query<{ label: string }>(
        "select distinct label from safety_action where label is not null order by label",
      );
      expect(labels.rows.map((row) => row.label)).toEqual([...ACTION_LABELS].sort());
      const strangers = await client.query<{ n: string }>(
        `select count(*) as n from safety_action a where not exists
           (select 1 from project_member m where m.project_id = a.project_id and m.user_id = a.assignee_id)
         or not exists
           (select 1 from project_member m where m.project_id = a.project_id and m.user_id = a.created_by_id)`,
      );
      expect(Number(strangers.rows[0].n)).toBe(0);

      const context = {
        em: scopeToProject(db.em, data.projectId),
        project: { id: data.projectId },
        user: { id: data.userId },
      } as unknown as ProjectContext;
      const register = (search: string) =>
        loadActionRegister(context, new URL(`http://localhost/safety/actions?${search}`));
      const all = await register("tab=all_actions");
      expect(all.total).toBe(1500);
      expect(all.rows[0].number).toBe("ACT-1500");
      expect(all.filters.members).toHaveLength(BENCH_MEMBER_COUNT);
      expect(all.filters.labels).toHaveLength(ACTION_LABELS.length);

      const word = await register(`tab=all_actions&q=${ACTION_COMMON_WORD}`);
      expect(word.total).toBeGreaterThan(1500 * 0.15);
      expect(word.rows.every((row) => row.title.includes(ACTION_COMMON_WORD))).toBe(true);
      const fragment = await register("tab=all_actions&q=1234");
      expect(fragment.rows.map((row) => row.number)).toEqual(["ACT-1234"]);

      const overdue = await register("tab=all_actions&due=overdue");
      expect(overdue.total).toBe(actions.overdue);
      expect(overdue.total).toBeGreaterThan(0);
      expect(overdue.rows.every((row) => row.overdue)).toBe(true);

      // The bench user's own: a share (a fifth created, a fortieth assigned), not all of them.
      const mine = await register("tab=my_actions");
      expect(mine.total).toBe(actions.mine);
      expect(mine.total).toBeGreaterThan(1500 * 0.15);
      expect(mine.total).toBeLessThan(1500 * 0.4);

      // The per-status totals the triggers keep came through the bulk insert (with its indexes dropped).
      const open = await register("tab=all_actions&status=open");
      expect(open.total).toBe(actions.statusMix.open);

      // The floor captures the register's statements: the total read from the per-status totals.
      const statements = await captureStatements(db.db, data.projectId, (scoped) =>
        loadActionRegister(
          { ...context, em: scoped },
          new URL("http://localhost/safety/actions?tab=all_actions"),
        ),
      );
      expect(statements.some((sql) => sql.includes("safety_action_status_total"))).toBe(true);
      const floor = await measureFloor(client, statements, { runs: 2, warmUp: 0 });
      expect(floor.p95).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });

  it("writes incidents numbered, in reachable states and reported by members, that the register reads", async () => {
    const client = await connectClient(db.db);
    try {
      const data = await generateScaleData(db.em, client, {
        lots: 100,
        actions: 0,
        incidents: 1200,
        sessionSecret: process.env.SESSION_SECRET!,
        log: () => {},
      });
      expect(data.counts).toMatchObject({ incidents: 1200 });
      const incidents = data.incidents!;
      // Every state of the workflow, most closed (five years of sites), closed ones locked with their time.
      expect(Object.keys(incidents.statusMix).sort()).toEqual([...INCIDENT_STATUSES].sort());
      expect(incidents.statusMix.CLOSED).toBeGreaterThan(1200 * 0.9);
      const wrong = await client.query<{ n: string }>(
        `select count(*) as n from safety_incident where
           (status = 'CLOSED') <> locked or (status = 'CLOSED') <> (closed_at is not null)
           or occurred_at > now()
           or not exists (select 1 from project_member m where m.project_id = safety_incident.project_id and m.user_id = reporter_id)
           or not exists (select 1 from project_member m where m.project_id = safety_incident.project_id and m.user_id = she_person_id)`,
      );
      expect(Number(wrong.rows[0].n)).toBe(0);
      expect(await nextNumber(db.em, data.projectId, "INC")).toBe("INC-1201");

      const context = {
        em: scopeToProject(db.em, data.projectId),
        project: { id: data.projectId, language: "en" },
        user: { id: data.userId },
      } as unknown as ProjectContext;
      const register = (search: string) =>
        loadIncidentRegister(context, new URL(`http://localhost/safety/ims?${search}`));
      const all = await register("view=ALL_INCIDENTS");
      expect([all.total, all.rows[0].number]).toEqual([1200, "INC-1200"]);
      // The per-state totals the triggers keep came through the bulk insert (with its indexes dropped).
      expect((await register("view=ALL_INCIDENTS&status=INVESTIGATION")).total).toBe(
        incidents.statusMix.INVESTIGATION,
      );
      const word = await register(`view=ALL_INCIDENTS&q=${INCIDENT_COMMON_WORD}`);
      expect(word.total).toBeGreaterThan(1200 * 0.15);
      expect(word.rows.every((row) => row.title.includes(INCIDENT_COMMON_WORD))).toBe(true);
      const mine = await register("view=MY_INCIDENTS");
      expect(mine.total).toBe(incidents.mine);
      expect(mine.total).toBeGreaterThan(1200 * 0.1);
      expect(mine.total).toBeLessThan(1200 * 0.4);
      const statements = await captureStatements(db.db, data.projectId, (scoped) =>
        loadIncidentRegister(
          { ...context, em: scoped },
          new URL("http://localhost/safety/ims?view=ALL_INCIDENTS"),
        ),
      );
      expect(statements.some((sql) => sql.includes("safety_incident_status_total"))).toBe(true);
    } finally {
      await client.end();
    }
  });

  it("writes a year of site diaries and today's two, whose pages and register read them", async () => {
    const client = await connectClient(db.db);
    try {
      const data = await generateScaleData(db.em, client, {
        lots: 1200,
        actions: 0,
        incidents: 300,
        sessionSecret: process.env.SESSION_SECRET!,
        log: () => {},
      });
      expect(data.counts.diaries).toBe(BENCH_DIARY_DAYS + 1);
      const em = scopeToProject(db.em, data.projectId);
      const context = {
        em,
        project: { id: data.projectId, name: "Bench", language: "en" },
        user: { id: data.userId, name: "Bench", isSuperAdmin: true },
        granted: new Set<string>(),
        locale: "en",
        can: () => true,
      } as unknown as ProjectContext;
      const diary = await em.findOneOrFail(SiteDiary, { id: data.diaries.sectionDiaryId });
      const page = await loadDiaryPage(context, diary);
      expect(page.diary.location).toBe("Section 1");
      expect(page.diary.rows.workLog).toHaveLength(8);
      const register = await loadDiaryRegister(context, new URL("http://bench/operation/site-diaries"));
      expect(register.total).toBe(BENCH_DIARY_DAYS + 1);
      expect(register.statusTotals).toMatchObject({ in_progress: 4, in_review: 3 });
    } finally {
      await client.end();
    }
  });
});
