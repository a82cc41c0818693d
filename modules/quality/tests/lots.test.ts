import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, type IProject, Location } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { addMember, createCompany, createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember, signIn } from "~/tests/setup/requests";
import type { LotStatus, LotSubStatus } from "../domain/lot-workflow";
import { type ILot, Itp, Lot, LotItp } from "../entities";
import * as lotCreate from "../routes/lot-create";
import * as lotDetail from "../routes/lot-detail";
import * as lotEdit from "../routes/lot-edit";
import * as lotFilterValues from "../routes/lot-filter-values";
import * as lotRegister from "../routes/lot-register";
import { findLotPage, iterateLots, parseLotRegisterQuery } from "../server/lot-register.server";
import { completeRecords } from "./lot-gate-fixtures";

const db = setupTestDatabase();
const REGISTER = "/quality/lot";
const CREATE = "/quality/lot/create";
const LOT_ALL = [
  "quality.lot.view",
  "quality.lot.create",
  "quality.lot.edit",
  "quality.lot.delete",
  "quality.lot.update-status",
  "quality.lot.internal-review",
  "quality.lot.qa-review",
  "quality.lot.external-review",
  "quality.lot.close",
  "quality.lot.lot-reopen-cancel",
  "quality.lot.lot-dti-sign",
  "quality.lot.download",
];

const memberWith = (project: IProject, grantedActions: string[]) =>
  signedInMember(db.em, project, grantedActions);

let lotSequence = 0;
async function makeLot(
  em: EntityManager,
  project: IProject,
  overrides: Partial<Pick<ILot, "title" | "lotType" | "workPack" | "number">> & {
    status?: LotStatus;
    subStatus?: LotSubStatus | null;
    location?: string | null;
  } = {},
): Promise<ILot> {
  const scoped = scopeToProject(em, project.id);
  lotSequence += 1;
  const lot = scoped.create(Lot, {
    project,
    number: `LOT-${String(lotSequence).padStart(4, "0")}`,
    title: `Pour ${lotSequence}`,
    status: "open",
    subStatus: null,
    ...overrides,
  } as never) as ILot;
  await scoped.flush();
  return lot;
}

async function makeLocation(project: IProject, name: string, parent?: { id: string; path: string }) {
  const em = scopeToProject(db.em, project.id);
  const location = em.create(Location, {
    project,
    parent: parent?.id ?? null,
    name,
    nameKey: name.toLowerCase(),
    path: parent ? `${parent.path}${parent.id}/` : "/",
  } as never);
  await em.flush();
  return location;
}

/** Messages are keys with query-form parameters; the page translates them this way. */
async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "quality");
  return (messages ?? []).map((message) => translateMessage(t as never, message));
}

const lotsOf = (project: IProject) =>
  scopeToProject(db.em, project.id).find(Lot, {}, { orderBy: { number: "asc" } });

const activityOf = (project: IProject, lotId: string) =>
  scopeToProject(db.em, project.id).find(ActivityLog, { entityId: lotId }, { orderBy: { createdAt: "asc" } });

describe("lot register", () => {
  it("lists the project's lots newest first, 10 a page, searchable and filtered through the URL", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view"]);
    const lots: ILot[] = [];
    for (let i = 1; i <= 11; i++)
      lots.push(
        await makeLot(db.em, project, { lotType: i % 2 ? "Concrete" : "Earthworks", workPack: "WP-1" }),
      );
    const special = await makeLot(db.em, project, {
      title: "Deck 10%_done",
      status: "active",
      subStatus: "work_started",
    });
    await makeLot(db.em, other, { title: "Deck of another project" });

    const first = await callLoader(lotRegister, REGISTER, { cookie });
    expect(first.status).toBe(200);
    expect(first.data.canCreate).toBe(false);
    expect(first.data.canExport).toBe(false);
    expect(first.data.page.total).toBe(12);
    expect(first.data.page.rows).toHaveLength(10);
    expect(first.data.page.rows[0]).toMatchObject({
      id: special.id,
      status: "active",
      subStatus: "work_started",
    });
    const second = await callLoader(lotRegister, `${REGISTER}?page=2`, { cookie });
    expect(second.data.page.rows.map((row: any) => row.id)).toEqual([lots[1].id, lots[0].id]);

    // LIKE's own characters are searched as text: "10%_" is not "10, anything".
    const search = await callLoader(lotRegister, `${REGISTER}?q=${encodeURIComponent("10%_")}`, { cookie });
    expect(search.data.page.rows.map((row: any) => row.id)).toEqual([special.id]);
    expect(search.data.filtered).toBe(true);
    const byNumber = await callLoader(lotRegister, `${REGISTER}?q=${lots[2].number.toLowerCase()}`, {
      cookie,
    });
    expect(byNumber.data.page.rows.map((row: any) => row.id)).toEqual([lots[2].id]);
    const active = await callLoader(lotRegister, `${REGISTER}?status=active&status=bogus`, { cookie });
    expect(active.data.page.total).toBe(1);
    expect(active.data.query.statuses).toEqual(["active"]);
    const typed = await callLoader(lotRegister, `${REGISTER}?type=Earthworks`, { cookie });
    expect(typed.data.page.total).toBe(5);
    // The page carries the rows' shown columns only, and no lists of filter values (they are searched).
    expect(Object.keys(typed.data.page.rows[0]).sort()).toEqual([
      "id",
      "itpNumbers",
      "locationPath",
      "lotType",
      "number",
      "status",
      "subStatus",
      "title",
      "updatedAt",
      "workPack",
    ]);
    expect(typed.data).not.toHaveProperty("filterOptions");
    const none = await callLoader(lotRegister, `${REGISTER}?q=nothing-like-this`, { cookie });
    expect(none.data.page.total).toBe(0);
    expect(none.data.filtered).toBe(true);
  });

  it("filters by ITP and lists each lot's ITP numbers", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view", "quality.lot.download"]);
    const em = scopeToProject(db.em, project.id);
    const itp = em.create(Itp, { project, number: "ITP-0001", title: "Concrete" } as never);
    const withItp = await makeLot(db.em, project);
    await makeLot(db.em, project);
    em.create(LotItp, { project, lot: withItp.id, itp } as never);
    await em.flush();

    const result = await callLoader(lotRegister, `${REGISTER}?itp=${itp.id}`, { cookie });
    expect(result.data.page.rows).toHaveLength(1);
    expect(result.data.page.rows[0]).toMatchObject({ id: withItp.id, itpNumbers: ["ITP-0001"] });
    // The chosen ITP's label, for its ticked box in the filters.
    expect(result.data.filterState.itps).toEqual([{ value: itp.id, label: "ITP-0001 Concrete" }]);
    expect(result.data.exportHref).toBe(`/quality/lot/export?itp=${itp.id}`);
  });

  it("suggests the filters' values matching a text, from the project only, for the register's picker", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view"]);
    await makeLot(db.em, project, { lotType: "Concrete", workPack: "WP-01 Substructure" });
    await makeLot(db.em, project, { lotType: "Precast concrete", workPack: "WP-02 Superstructure" });
    await makeLot(db.em, project, { lotType: "Earthworks" });
    await makeLot(db.em, other, { lotType: "Concrete pumping" });
    const em = scopeToProject(db.em, project.id);
    const itp = em.create(Itp, { project, number: "ITP-0001", title: "Concrete pours" } as never);
    em.create(Itp, { project, number: "ITP-0002", title: "Bored piles" } as never);
    await em.flush();
    const values = async (query: string) =>
      (await callLoader(lotFilterValues, `${REGISTER}/filter-values?${query}`, { cookie })).data.choices;

    expect(await values("filter=type&q=CONCRETE")).toEqual([
      { value: "Concrete", label: "Concrete" },
      { value: "Precast concrete", label: "Precast concrete" },
    ]);
    expect(await values("filter=type&q=")).toHaveLength(3);
    expect(await values("filter=workPack&q=super")).toEqual([
      { value: "WP-02 Superstructure", label: "WP-02 Superstructure" },
    ]);
    expect(await values("filter=itp&q=pours")).toEqual([{ value: itp.id, label: "ITP-0001 Concrete pours" }]);
    expect(await values("filter=itp&q=itp-0002")).toMatchObject([{ label: "ITP-0002 Bored piles" }]);
    // LIKE's own characters are text.
    expect(await values("filter=type&q=%25")).toEqual([]);
    const unknown = await callLoader(lotFilterValues, `${REGISTER}/filter-values?filter=status&q=x`, {
      cookie,
    });
    expect(unknown.status).toBe(400);
    const outsider = await memberWith(project, []);
    const refused = await callLoader(lotFilterValues, `${REGISTER}/filter-values?filter=type&q=c`, {
      cookie: outsider.cookie,
    });
    expect(refused.location).toBe("/forbidden");
  });

  it("turns a filter text sent with the form (no JavaScript) into the values it matches", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view"]);
    await makeLot(db.em, project, { lotType: "Concrete", workPack: "WP-01 Substructure" });
    await makeLot(db.em, project, { lotType: "Earthworks", workPack: "WP-01 Substructure" });
    const em = scopeToProject(db.em, project.id);
    const itp = em.create(Itp, { project, number: "ITP-0001", title: "Concrete pours" } as never);
    await em.flush();

    const sent = await callLoader(
      lotRegister,
      `${REGISTER}?status=open&type=Earthworks&typeSearch=concr&itpSearch=ITP-0001&workPackSearch=&page=2`,
      { cookie },
    );
    expect(sent.status).toBe(302);
    const target = new URL(sent.location ?? "", "http://localhost");
    expect(target.pathname).toBe(REGISTER);
    expect(target.searchParams.getAll("type")).toEqual(["Earthworks", "Concrete"]);
    expect(target.searchParams.getAll("itp")).toEqual([itp.id]);
    expect(target.searchParams.get("status")).toBe("open");
    // The typed texts and the page number go: the list changed.
    expect([...target.searchParams.keys()].sort()).toEqual(["itp", "status", "type", "type"]);

    // A text that matches nothing stays, and so does the message; the list is empty, not unfiltered.
    const nothing = await callLoader(lotRegister, `${REGISTER}?workPackSearch=WP-99`, { cookie });
    expect(nothing.status).toBe(200);
    expect(nothing.data.filterState.unmatched).toEqual({ workPack: "WP-99" });
    expect(nothing.data.page.total).toBe(0);
    expect(nothing.data.filtered).toBe(true);
  });

  it("shows the location tree with subtree counts and the lots at a location and below", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view"]);
    const bridge = await makeLocation(project, "Bridge");
    const span = await makeLocation(project, "Span 2", bridge);
    const road = await makeLocation(project, "Road");
    const atSpan = await makeLot(db.em, project, { location: span.id });
    const atBridge = await makeLot(db.em, project, { location: bridge.id });
    await makeLot(db.em, project, { location: road.id });
    await makeLot(db.em, project);

    const tree = await callLoader(lotRegister, `${REGISTER}?view=locations`, { cookie });
    expect(tree.data.counts).toEqual({ [bridge.id]: 2, [span.id]: 1, [road.id]: 1 });
    expect(tree.data.page).toBeNull();
    const drilled = await callLoader(lotRegister, `${REGISTER}?view=locations&location=${bridge.id}`, {
      cookie,
    });
    expect(drilled.data.page.rows.map((row: any) => row.id)).toEqual([atBridge.id, atSpan.id]);
    expect(drilled.data.page.rows[1].locationPath).toBe("Bridge › Span 2");
    const deeper = await callLoader(lotRegister, `${REGISTER}?view=locations&location=${span.id}`, {
      cookie,
    });
    expect(deeper.data.breadcrumb).toEqual([{ id: bridge.id, name: "Bridge" }]);
    expect(deeper.data.page.total).toBe(1);
    // All Lots is the whole project, whatever location the Locations tab had.
    const all = await callLoader(lotRegister, `${REGISTER}?location=${span.id}`, { cookie });
    expect(all.data.page.total).toBe(4);
  });

  it("sends a member without quality.lot.view to the forbidden page", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, []);
    const result = await callLoader(lotRegister, REGISTER, { cookie });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/forbidden");
  });

  it("pages through every matching lot in register order for exports", async () => {
    const project = await createProject(db.em);
    for (let i = 0; i < 5; i++) await makeLot(db.em, project, { lotType: i < 3 ? "Concrete" : "Other" });
    const em = scopeToProject(db.em, project.id);
    const batches: string[][] = [];
    for await (const batch of iterateLots(em, project.id, parseLotRegisterQuery(new URLSearchParams()), 2))
      batches.push(batch.map((row) => row.number));
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    const all = batches.flat();
    expect(all).toEqual([...all].sort().reverse());
    const concrete = await findLotPage(
      em,
      project.id,
      parseLotRegisterQuery(new URLSearchParams("type=Concrete")),
      1,
    );
    expect(concrete.total).toBe(3);
  });
});

describe("create lot", () => {
  const valid = {
    title: "Deck pour 1",
    lotType: "Concrete",
    area: "North",
    chainageStart: "100.5",
    chainageEnd: "220",
    lotOpenedOn: "2026-03-01",
    lotCloseTarget: "2026-04-01",
    comment: "First pour",
  };

  it("creates a numbered open lot, logs it and opens it with a toast", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(project, ["quality.lot.view", "quality.lot.create"]);
    const location = await makeLocation(project, "Bridge");
    const company = await createCompany(db.em, { name: "Deck Builders" });
    await addMember(db.em, { project, user: await createUser(db.em), company });

    const form = await callLoader(lotCreate, CREATE, { cookie });
    expect(form.data.choices.locations).toEqual([{ value: location.id, label: "Bridge" }]);
    expect(form.data.choices.companies).toEqual([{ value: company.id, label: "Deck Builders" }]);
    expect(form.data.defaults.lotOpenedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const result = await callAction(lotCreate, CREATE, {
      cookie,
      form: { ...valid, locationId: location.id, subcontractorId: company.id },
    });
    const [lot] = await lotsOf(project);
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/quality/lot/${lot.id}`);
    expect(lot).toMatchObject({
      number: "LOT-0001",
      title: "Deck pour 1",
      status: "open",
      subStatus: null,
      lotType: "Concrete",
      lotOpenedOn: "2026-03-01",
      comment: "First pour",
    });
    expect(Number(lot.chainageStart)).toBe(100.5);
    expect(lot.location?.id).toBe(location.id);
    expect(lot.subcontractor?.id).toBe(company.id);
    expect(lot.createdBy?.id).toBe(user.id);
    const [entry] = await activityOf(project, lot.id);
    expect(entry).toMatchObject({ action: "created", entityType: "lot" });

    await callAction(lotCreate, CREATE, { cookie, form: { title: "Second" } });
    expect((await lotsOf(project)).map((row) => row.number)).toEqual(["LOT-0001", "LOT-0002"]);
  });

  it("answers field errors and writes nothing for invalid input", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view", "quality.lot.create"]);
    const foreign = await makeLocation(other, "Elsewhere");

    const missing = await callAction(lotCreate, CREATE, { cookie, form: { title: " " } });
    expect(missing.status).toBe(400);
    expect(await english(missing.data.error.title)).toEqual(["This field is required"]);

    const wrong = await callAction(lotCreate, CREATE, {
      cookie,
      form: {
        title: "x".repeat(201),
        zone: "z".repeat(101),
        chainageStart: "12a",
        lotOpenedOn: "2026-03-10",
        lotCloseTarget: "2026-03-01",
        workCommencedOn: "2026-03-05",
        completedOn: "2026-03-04",
        locationId: foreign.id,
      },
    });
    expect(wrong.status).toBe(400);
    expect(await english(wrong.data.error.title)).toEqual(["Maximum 200 characters"]);
    expect(await english(wrong.data.error.zone)).toEqual(["Maximum 100 characters"]);
    expect(await english(wrong.data.error.chainageStart)).toEqual(["Invalid number"]);

    const order = await callAction(lotCreate, CREATE, {
      cookie,
      form: {
        title: "Order",
        chainageStart: "300",
        chainageEnd: "200",
        lotOpenedOn: "2026-03-10",
        lotCloseTarget: "2026-03-01",
        workCommencedOn: "2026-03-05",
        completedOn: "2026-03-04",
      },
    });
    expect(await english(order.data.error.chainageEnd)).toEqual([
      "Chainage end cannot be less than chainage start",
    ]);
    expect(await english(order.data.error.lotCloseTarget)).toEqual([
      "Lot close target cannot be before the lot opened date",
    ]);
    expect(await english(order.data.error.completedOn)).toEqual([
      "Completed on cannot be before work commenced on",
    ]);

    const foreignLocation = await callAction(lotCreate, CREATE, {
      cookie,
      form: { title: "Elsewhere", locationId: foreign.id },
    });
    expect(foreignLocation.status).toBe(400);
    expect(await english(foreignLocation.data.error.locationId)).toEqual([
      "This choice is no longer available",
    ]);

    expect(await lotsOf(project)).toEqual([]);
  });

  it("sends a member without quality.lot.create to the forbidden page", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view"]);
    const result = await callAction(lotCreate, CREATE, { cookie, form: { title: "Not mine" } });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/forbidden");
    expect(await lotsOf(project)).toEqual([]);
  });
});

describe("edit lot", () => {
  it("prefills the form, saves the changes and logs only the changed fields", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view", "quality.lot.edit"]);
    const lot = await makeLot(db.em, project, { title: "Pier 1", lotType: "Concrete" });
    const path = `/quality/lot/${lot.id}/edit`;

    const form = await callLoader(lotEdit, path, { cookie, params: { id: lot.id } });
    expect(form.data.values).toMatchObject({ title: "Pier 1", lotType: "Concrete", zone: "" });

    const result = await callAction(lotEdit, path, {
      cookie,
      params: { id: lot.id },
      form: { title: "Pier 1 footing", lotType: "Concrete", zone: "Z1" },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/quality/lot/${lot.id}`);
    const [saved] = await lotsOf(project);
    expect(saved).toMatchObject({ title: "Pier 1 footing", zone: "Z1", number: lot.number });
    const entries = await activityOf(project, lot.id);
    expect(entries.at(-1)).toMatchObject({
      action: "updated",
      before: { title: "Pier 1", zone: null },
      after: { title: "Pier 1 footing", zone: "Z1" },
    });
  });

  it("refuses closed lots, other projects' lots and bad ids", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view", "quality.lot.edit"]);
    const closed = await makeLot(db.em, project, {
      status: "closed",
      subStatus: "qa_approved",
      title: "Done",
    });
    const foreign = await makeLot(db.em, other);

    const page = await callLoader(lotEdit, `/quality/lot/${closed.id}/edit`, {
      cookie,
      params: { id: closed.id },
    });
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/quality/lot/${closed.id}`);
    const post = await callAction(lotEdit, `/quality/lot/${closed.id}/edit`, {
      cookie,
      params: { id: closed.id },
      form: { title: "Changed" },
    });
    expect(post.status).toBe(302);
    expect((await lotsOf(project))[0].title).toBe("Done");

    const foreignPage = await callLoader(lotEdit, `/quality/lot/${foreign.id}/edit`, {
      cookie,
      params: { id: foreign.id },
    });
    expect(foreignPage.status).toBe(404);
    const bad = await callLoader(lotEdit, "/quality/lot/not-a-uuid/edit", {
      cookie,
      params: { id: "not-a-uuid" },
    });
    expect(bad.status).toBe(404);
  });
});

describe("lot workflow", () => {
  const transition = (lot: ILot, cookie: string, form: Record<string, string>) =>
    callAction(lotDetail, `/quality/lot/${lot.id}`, {
      cookie,
      params: { id: lot.id },
      form: { intent: "transition", ...form },
    });

  it("shows the actions the user may run and moves the lot, recording the side dates and the log", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, LOT_ALL);
    const lot = await makeLot(db.em, project);

    const detail = await callLoader(lotDetail, `/quality/lot/${lot.id}`, { cookie, params: { id: lot.id } });
    expect(detail.data.frame.actions.map((row: any) => row.action)).toEqual([
      "start_work",
      "cancel",
      "delete",
    ]);
    expect(detail.data.frame.canEdit).toBe(true);

    const started = await transition(lot, cookie, { action: "start_work" });
    expect(started.status).toBe(302);
    let [saved] = await lotsOf(project);
    expect(saved).toMatchObject({ status: "active", subStatus: "work_started" });
    expect(saved.workCommencedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await completeRecords(db.em, project, lot);

    for (const action of [
      "mark_records_complete",
      "submit_to_engineer",
      "engineer_approve",
      "qa_acknowledge",
      "qa_approve",
    ])
      expect((await transition(lot, cookie, { action })).status).toBe(302);
    [saved] = await lotsOf(project);
    expect(saved).toMatchObject({ status: "confirming", subStatus: "qa_approved" });
    expect(saved.completedOn).toBeTruthy();
    expect(saved.qaCompletedOn).toBeTruthy();

    const atQaApproved = await callLoader(lotDetail, `/quality/lot/${lot.id}`, {
      cookie,
      params: { id: lot.id },
    });
    expect(atQaApproved.data.frame.actions).toContainEqual(
      expect.objectContaining({ action: "close", labelKey: "quality:lot.actions.closeOnClientsBehalf" }),
    );
    await transition(lot, cookie, { action: "close" });
    [saved] = await lotsOf(project);
    expect(saved).toMatchObject({ status: "closed", subStatus: "qa_approved" });
    expect(saved.lotClosedOn).toBeTruthy();
    const closedDetail = await callLoader(lotDetail, `/quality/lot/${lot.id}`, {
      cookie,
      params: { id: lot.id },
    });
    expect(closedDetail.data.frame.canEdit).toBe(false);

    const noReason = await transition(lot, cookie, { action: "reopen" });
    expect(noReason.status).toBe(400);
    expect(await english(noReason.data.error.comment)).toEqual(["Please give a reason"]);
    await transition(lot, cookie, { action: "reopen", comment: "Test results amended" });
    [saved] = await lotsOf(project);
    expect(saved).toMatchObject({
      status: "active",
      subStatus: "completed_pending_records",
      lotClosedOn: null,
    });
    const last = (await activityOf(project, lot.id)).at(-1);
    expect(last).toMatchObject({
      action: "status-changed",
      before: { status: "closed", subStatus: "qa_approved" },
      after: { status: "active", subStatus: "completed_pending_records", comment: "Test results amended" },
    });
  });

  it("refuses a step the lot's state does not allow, and a missing permission with 403", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view", "quality.lot.update-status"]);
    const lot = await makeLot(db.em, project);

    const early = await transition(lot, cookie, { action: "engineer_approve" });
    expect(early.status).toBe(409);
    expect(await english(early.data.error[""])).toEqual([
      "This action is not available at the lot's current status. Reload the page to see its status.",
    ]);
    const forbidden = await transition(lot, cookie, { action: "delete", confirmed: "true" });
    expect(forbidden.status).toBe(403);
    expect(await lotsOf(project)).toHaveLength(1);
  });

  it("cancels and deletes only when confirmed, and says 'Failed to cancel Lot' otherwise", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, LOT_ALL);
    const lot = await makeLot(db.em, project);

    const unconfirmed = await transition(lot, cookie, { action: "cancel", comment: "Design changed" });
    expect(unconfirmed.status).toBe(400);
    expect(await english(unconfirmed.data.error[""])).toEqual([
      "Failed to cancel Lot",
      "Please confirm this action",
    ]);
    expect((await lotsOf(project))[0].status).toBe("open");

    await transition(lot, cookie, { action: "cancel", comment: "Design changed", confirmed: "on" });
    expect((await lotsOf(project))[0].status).toBe("cancelled");

    const deleted = await transition(lot, cookie, { action: "delete", confirmed: "true" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/quality/lot");
    expect(await lotsOf(project)).toEqual([]);
    expect((await activityOf(project, lot.id)).at(-1)).toMatchObject({ action: "deleted" });
  });

  it("lets a super admin run every step, and answers 404 for another project's lot", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const admin = await createUser(db.em, { isSuperAdmin: true });
    const cookie = await signIn(db.em, admin, { projectId: project.id });
    const lot = await makeLot(db.em, project, { status: "active", subStatus: "engineer_review" });
    const foreign = await makeLot(db.em, other);

    expect((await transition(lot, cookie, { action: "engineer_approve" })).status).toBe(302);
    expect((await lotsOf(project))[0]).toMatchObject({ status: "active", subStatus: "qa_review" });
    const notHere = await transition(foreign, cookie, { action: "start_work" });
    expect(notHere.status).toBe(404);
    const page = await callLoader(lotDetail, `/quality/lot/${foreign.id}`, {
      cookie,
      params: { id: foreign.id },
    });
    expect(page.status).toBe(404);
  });
});
