import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { IndirectCost } from "../entities";
import * as indirectEdit from "../routes/indirect-cost-edit";
import * as indirectNew from "../routes/indirect-cost-new";
import * as indirect from "../routes/indirect-costs";
import { changesTeam } from "./subcontract-changes-fixtures";

const db = setupTestDatabase();

async function english(messages: string[] | null | undefined) {
  const cnc = await serverT("en", "cost-and-commercial");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : cnc) as never, text),
  );
}

const PATH = "/cost-and-commercial/indirect";
const costsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(IndirectCost, {}, { orderBy: { description: "asc" } });

describe("indirect costs", () => {
  it("are added with their month and exact cents; the viewer may not; bad input writes nothing", async () => {
    const project = await createProject(db.em);
    const { controller, indirectViewer, manager } = await changesTeam(db.em, project);
    const add = (cookie: string, form: Record<string, string>) =>
      callAction(indirectNew, `${PATH}/new`, { cookie, form });
    const form = {
      category: "Site facilities",
      description: "Site sheds hire",
      month: "2026-11",
      budget: "4,500.10",
      actual: "4,620.15",
    };
    expect((await add(indirectViewer.cookie, form)).location).toBe("/forbidden");
    // Downstream rights give nothing here.
    expect((await callLoader(indirect, PATH, { cookie: manager.cookie })).location).toBe("/forbidden");
    const bad = await add(controller.cookie, { ...form, month: "2026-13", budget: "1.234", category: "" });
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.month)).toEqual(["Enter a month, e.g. 2026-11"]);
    expect(await english(bad.data.error.budget)).toEqual(["Enter an amount, e.g. 1,234.56"]);
    expect(await english(bad.data.error.category)).toEqual(["This field is required"]);
    expect(await costsOf(project)).toEqual([]);

    const made = await add(controller.cookie, form);
    expect(made.status).toBe(302);
    expect(made.location).toBe(`${PATH}?month=2026-11`);
    expect((await add(controller.cookie, { ...form, description: "Amenities", actual: "" })).status).toBe(
      302,
    );
    const [amenities, sheds] = await costsOf(project);
    expect(String(sheds.month)).toContain("2026-11-01");
    expect([Number(sheds.budgetCents), Number(sheds.actualCents)]).toEqual([4_500_10, 4_620_15]);
    expect(Number(amenities.actualCents)).toBe(0);
    expect(
      await db.em.fork().count(ActivityLog, { entityType: "cnc.indirect-cost" }, { filters: false }),
    ).toBe(2);
  });

  it("list by month from the URL, a page at a time, with totals and variance per category in exact cents", async () => {
    const project = await createProject(db.em);
    const { controller, indirectViewer } = await changesTeam(db.em, project);
    const scoped = scopeToProject(db.em.fork(), project.id);
    // Twelve lines in November (more than a page), one in October.
    for (let index = 0; index < 12; index++)
      scoped.create(IndirectCost, {
        project: project.id,
        category: index % 2 ? "Staff" : "Insurance",
        description: `Line ${String(index).padStart(2, "0")}`,
        month: "2026-11-01",
        budgetCents: 100_01,
        actualCents: index % 2 ? 110_02 : 90_00,
      } as never);
    scoped.create(IndirectCost, {
      project: project.id,
      category: "Staff",
      description: "October wages",
      month: "2026-10-01",
      budgetCents: 5_000_00,
      actualCents: 4_000_00,
    } as never);
    await scoped.flush();

    const november = await callLoader(indirect, `${PATH}?month=2026-11`, { cookie: indirectViewer.cookie });
    expect(november.data.month).toBe("2026-11");
    expect(november.data.list.total).toBe(12);
    expect(november.data.list.rows).toHaveLength(10);
    expect(november.data.can).toEqual({ create: false, edit: false, delete: false });
    expect(november.data.totals.categories).toEqual([
      { category: "Insurance", budgetCents: 600_06, actualCents: 540_00, varianceCents: 60_06 },
      { category: "Staff", budgetCents: 600_06, actualCents: 660_12, varianceCents: -60_06 },
    ]);
    expect(november.data.totals.total).toEqual({
      budgetCents: 1_200_12,
      actualCents: 1_200_12,
      varianceCents: 0,
    });
    const second = await callLoader(indirect, `${PATH}?month=2026-11&page=2`, { cookie: controller.cookie });
    expect(second.data.list.rows).toHaveLength(2);

    const all = await callLoader(indirect, `${PATH}?month=nonsense`, { cookie: controller.cookie });
    expect(all.data.month).toBeNull();
    expect(all.data.list.total).toBe(13);
    expect(all.data.totals.total.varianceCents).toBe(1_000_00);
  });

  it("are edited with an entry of what changed, and deleted only once confirmed and with the right", async () => {
    const project = await createProject(db.em);
    const { controller, indirectViewer } = await changesTeam(db.em, project);
    await callAction(indirectNew, `${PATH}/new`, {
      cookie: controller.cookie,
      form: { category: "Insurance", description: "Contract works", month: "2026-11", budget: "1000" },
    });
    const [cost] = await costsOf(project);
    const editPath = `${PATH}/${cost.id}/edit`;
    const loaded = await callLoader(indirectEdit, editPath, {
      cookie: controller.cookie,
      params: { costId: cost.id },
    });
    expect(loaded.data.values).toMatchObject({ month: "2026-11", budget: "1000.00", actual: "0.00" });
    const edited = await callAction(indirectEdit, editPath, {
      cookie: controller.cookie,
      params: { costId: cost.id },
      form: { ...loaded.data.values, actual: "1,100.99" },
    });
    expect(edited.status).toBe(302);
    expect(Number((await costsOf(project))[0].actualCents)).toBe(1_100_99);
    const updated = await db.em
      .fork()
      .findOneOrFail(ActivityLog, { entityId: cost.id, action: "updated" }, { filters: false });
    expect(updated.after).toEqual({ actualCents: 1_100_99 });

    const remove = (cookie: string, extra: Record<string, string>) =>
      callAction(indirect, PATH, { cookie, form: { intent: "delete", id: cost.id, ...extra } });
    expect((await remove(indirectViewer.cookie, { confirmed: "on" })).status).toBe(403);
    const unconfirmed = await remove(controller.cookie, {});
    expect(unconfirmed.status).toBe(400);
    expect(await english(unconfirmed.data.error.confirmed)).toEqual(['Tick "I am sure" to go on']);
    expect(await costsOf(project)).toHaveLength(1);
    expect((await remove(controller.cookie, { confirmed: "on" })).status).toBe(302);
    expect(await costsOf(project)).toEqual([]);
  });
});
