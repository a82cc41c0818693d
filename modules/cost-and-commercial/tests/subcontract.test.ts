import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createCompany, createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { Subcontract } from "../entities";
import * as create from "../routes/subcontract-create";
import * as detail from "../routes/subcontract-detail";
import * as edit from "../routes/subcontract-edit";
import * as register from "../routes/subcontract-register";
import { downstreamTeam, makeSubcontract, projectCompany } from "./subcontract-fixtures";

const db = setupTestDatabase();

async function english(messages: string[] | null | undefined) {
  const cnc = await serverT("en", "cost-and-commercial");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : cnc) as never, text),
  );
}

const subcontractsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(Subcontract, {}, { orderBy: { code: "asc" } });

const REGISTER = "/cost-and-commercial/downstream";

describe("the subcontract register", () => {
  it("searches by code, title or company, filters by state and pages in the database, all from the URL", async () => {
    const project = await createProject(db.em);
    const { manager, editor } = await downstreamTeam(db.em, project);
    const formwork = await projectCompany(db.em, project, "Formwork Bros");
    const plant = await projectCompany(db.em, project, "Hire Plant Co");
    for (let index = 1; index <= 12; index += 1)
      await makeSubcontract(db.em, project, index === 7 ? plant : formwork, {
        code: `SC-${String(index).padStart(3, "0")}`,
        title: index === 3 ? "Reinforcement" : `Package ${index}`,
        status: index % 2 === 0 ? "draft" : "executed",
      });
    const list = async (search: string) =>
      (await callLoader(register, `${REGISTER}${search}`, { cookie: manager.cookie })).data.list;

    const first = await list("");
    expect(first.total).toBe(12);
    expect(first.rows).toHaveLength(10);
    expect((await list("?page=2")).rows.map((row: { code: string }) => row.code)).toEqual([
      "SC-011",
      "SC-012",
    ]);
    expect((await list("?q=hire")).rows.map((row: { code: string }) => row.code)).toEqual(["SC-007"]);
    expect((await list("?q=reinforce")).rows.map((row: { code: string }) => row.code)).toEqual(["SC-003"]);
    expect((await list("?q=sc-01&status=draft")).rows.map((row: { code: string }) => row.code)).toEqual([
      "SC-010",
      "SC-012",
    ]);
    expect((await list("?status=nonsense")).total).toBe(12);

    // Who may see a subcontract but not the register is refused it.
    expect((await callLoader(register, REGISTER, { cookie: editor.cookie })).location).toBe("/forbidden");
  });
});

const FORM = {
  code: "SC-100",
  title: "Bridge formwork",
  type: "schedule_of_rates",
  contractSum: "250,000.05",
  jurisdiction: "NSW",
  retentionPercent: "5",
  retentionCap: "10,000",
  paymentDays: "15",
  startDate: "2026-07-01",
  completionDate: "2027-03-31",
};

describe("a subcontract", () => {
  it("is created from its form; a bad form, an unknown company or a code already used write nothing", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await downstreamTeam(db.em, project);
    const company = await projectCompany(db.em, project, "Formwork Bros");
    const stranger = await createCompany(db.em, { name: "Not On Site Pty Ltd" });
    const post = (cookie: string, form: Record<string, string>) =>
      callAction(create, `${REGISTER}/create`, { cookie, form });

    const bad = await post(manager.cookie, { ...FORM, company: company.id, contractSum: "12.345" });
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.contractSum)).toEqual(["Enter an amount, e.g. 1,234.56"]);
    const elsewhere = await post(manager.cookie, { ...FORM, company: stranger.id });
    expect(await english(elsewhere.data.error.company)).toEqual(["Choose a company working on this project"]);
    expect((await post(viewer.cookie, { ...FORM, company: company.id })).location).toBe("/forbidden");
    expect(await subcontractsOf(project)).toEqual([]);

    const made = await post(manager.cookie, { ...FORM, company: company.id });
    expect(made.status).toBe(302);
    const [subcontract] = await subcontractsOf(project);
    expect(made.location).toBe(`${REGISTER}/${subcontract.id}`);
    expect(subcontract).toMatchObject({
      code: "SC-100",
      contractSumCents: 25_000_005,
      retentionBasisPoints: 500,
      retentionCapCents: 1_000_000,
      paymentDays: 15,
      paymentScheduleDays: null,
      status: "draft",
    });

    const again = await post(manager.cookie, { ...FORM, company: company.id, title: "Another" });
    expect(again.status).toBe(400);
    expect(await english(again.data.error.code)).toEqual([
      "Another subcontract of this project already has this code",
    ]);
    expect(await subcontractsOf(project)).toHaveLength(1);
    const logged = await db.em.fork().find(ActivityLog, { entityId: subcontract.id });
    expect(logged.map((entry) => entry.action)).toEqual(["created"]);
  });

  it("changes its company only for who may edit the supplier, and its terms until executed", async () => {
    const project = await createProject(db.em);
    const { manager, editor } = await downstreamTeam(db.em, project);
    const formwork = await projectCompany(db.em, project, "Formwork Bros");
    const plant = await projectCompany(db.em, project, "Hire Plant Co");
    const subcontract = await makeSubcontract(db.em, project, formwork, { status: "approved" });
    const path = `${REGISTER}/${subcontract.id}/edit`;
    const params = { subcontractId: subcontract.id };
    const page = await callLoader(edit, path, { cookie: editor.cookie, params });
    expect(page.data).toMatchObject({
      canChangeCompany: false,
      values: { company: formwork.id, contractSum: "250000.00" },
    });

    const swap = await callAction(edit, path, {
      cookie: editor.cookie,
      params,
      form: { ...page.data.values, company: plant.id, title: "Swapped" },
    });
    expect(swap.status).toBe(403);
    expect(await english(swap.data.error.company)).toEqual([
      "You may not change the company of a subcontract",
    ]);
    expect((await subcontractsOf(project))[0]).toMatchObject({ title: "Formwork to the piers" });

    const kept = await callAction(edit, path, {
      cookie: editor.cookie,
      params,
      form: { ...page.data.values, title: "Formwork and falsework" },
    });
    expect(kept.status).toBe(302);
    const moved = await callAction(edit, path, {
      cookie: manager.cookie,
      params,
      form: { ...page.data.values, title: "Formwork and falsework", company: plant.id },
    });
    expect(moved.status).toBe(302);
    const [saved] = await subcontractsOf(project);
    expect(saved).toMatchObject({ title: "Formwork and falsework" });
    expect(saved.company.id).toBe(plant.id);

    // Executed through its steps: then its terms are fixed.
    const step = (action: string) =>
      callAction(detail, `${REGISTER}/${subcontract.id}`, {
        cookie: manager.cookie,
        params,
        form: { intent: "transition", action },
      });
    expect((await step("execute")).status).toBe(302);
    expect((await subcontractsOf(project))[0].status).toBe("executed");
    expect((await callLoader(edit, path, { cookie: manager.cookie, params })).status).toBe(403);
    expect((await step("submit")).status).toBe(409);
  });
});
