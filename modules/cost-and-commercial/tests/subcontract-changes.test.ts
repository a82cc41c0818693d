import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { BackCharge, SubcontractVariation } from "../entities";
import * as backChargeNew from "../routes/subcontract-changes-back-charge-new";
import * as backCharges from "../routes/subcontract-changes-back-charges";
import * as variationNew from "../routes/subcontract-changes-variation-new";
import * as variations from "../routes/subcontract-changes-variations";
import { changesTeam, makeSubcontract, makeSubcontractClaim } from "./subcontract-changes-fixtures";

const db = setupTestDatabase();

async function english(messages: string[] | null | undefined) {
  const cnc = await serverT("en", "cost-and-commercial");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : cnc) as never, text),
  );
}

const base = (id: string) => `/cost-and-commercial/downstream/${id}`;
const variationsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(SubcontractVariation, {}, { orderBy: { number: "asc" } });
const backChargesOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(BackCharge, {}, { orderBy: { number: "asc" } });

describe("variations", () => {
  it("are added VAR-001, VAR-002… with exact cents, negative for omitted work; bad input writes nothing", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await changesTeam(db.em, project);
    const subcontract = await makeSubcontract(db.em, project);
    const add = (cookie: string, form: Record<string, string>) =>
      callAction(variationNew, `${base(subcontract.id)}/variations/new`, {
        cookie,
        params: { subcontractId: subcontract.id },
        form,
      });

    // Without create, the route's guard sends the viewer to /forbidden before the form is read.
    const byViewer = await add(viewer.cookie, { title: "Extra formwork", amount: "100" });
    expect(byViewer.location).toBe("/forbidden");
    const bad = await add(manager.cookie, { title: " ", amount: "12.345", submittedOn: "2026-02-30" });
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.title)).toEqual(["This field is required"]);
    expect(await english(bad.data.error.amount)).toEqual(["Enter an amount, e.g. 1,234.56"]);
    expect(await english(bad.data.error.submittedOn)).toEqual(["Invalid date"]);
    expect(await variationsOf(project)).toEqual([]);

    const first = await add(manager.cookie, {
      title: "Extra formwork to pier 3",
      amount: "12,345.67",
      submittedOn: "2026-11-02",
    });
    expect(first.status).toBe(302);
    expect(first.location).toBe(`${base(subcontract.id)}/variations`);
    expect((await add(manager.cookie, { title: "Omit the stair core", amount: "-2,000.01" })).status).toBe(
      302,
    );
    expect((await add(manager.cookie, { title: "Night works", amount: "0.10" })).status).toBe(302);
    const rows = await variationsOf(project);
    expect(rows.map((row) => [row.number, Number(row.amountCents), row.status])).toEqual([
      ["VAR-001", 12_345_67, "draft"],
      ["VAR-002", -2_000_01, "draft"],
      ["VAR-003", 10, "draft"],
    ]);
    const entries = await db.em.fork().find(ActivityLog, { entityType: "cnc.variation" }, { filters: false });
    expect(entries.filter((entry) => entry.action === "created")).toHaveLength(3);

    // Pending totals every draft exactly: 12 345.67 − 2 000.01 + 0.10.
    const page = await callLoader(variations, `${base(subcontract.id)}/variations`, {
      cookie: viewer.cookie,
      params: { subcontractId: subcontract.id },
    });
    expect(page.status).toBe(200);
    expect(page.data.register.totals).toEqual({ approvedCents: 0, pendingCents: 10_345_76 });
    expect(page.data.register.total).toBe(3);
    expect(page.data.canCreate).toBe(false);
    expect(page.data.register.rows[0].steps).toEqual([]);
  });

  it("are submitted, approved on a day and rejected with a reason; the totals follow in exact cents", async () => {
    const project = await createProject(db.em);
    const { manager, viewer, clerk } = await changesTeam(db.em, project);
    const subcontract = await makeSubcontract(db.em, project);
    const add = (title: string, amount: string) =>
      callAction(variationNew, `${base(subcontract.id)}/variations/new`, {
        cookie: manager.cookie,
        params: { subcontractId: subcontract.id },
        form: { title, amount },
      });
    await add("Extra formwork", "1,000.05");
    await add("Omitted edge forms", "-300.02");
    await add("Rejected claim for standby", "999.99");
    const [a, b, c] = await variationsOf(project);
    const step = (cookie: string, id: string, action: string, extra: Record<string, string> = {}) =>
      callAction(variations, `${base(subcontract.id)}/variations`, {
        cookie,
        params: { subcontractId: subcontract.id },
        form: { intent: "transition", id, action, ...extra },
      });

    expect((await step(viewer.cookie, a.id, "submit")).status).toBe(403);
    for (const row of [a, b, c]) expect((await step(clerk.cookie, row.id, "submit")).status).toBe(302);
    const noDay = await step(clerk.cookie, a.id, "approve");
    expect(noDay.status).toBe(400);
    expect(await english(noDay.data.error.approvedOn)).toEqual(["Enter the day it was approved"]);
    expect((await step(clerk.cookie, a.id, "approve", { approvedOn: "2026-11-10" })).status).toBe(302);
    expect((await step(clerk.cookie, b.id, "approve", { approvedOn: "2026-11-11" })).status).toBe(302);
    const noReason = await step(clerk.cookie, c.id, "reject");
    expect(noReason.status).toBe(400);
    expect(await english(noReason.data.error.comment)).toEqual(["Give a reason"]);
    expect((await step(clerk.cookie, c.id, "reject", { comment: "Standby is in the rates" })).status).toBe(
      302,
    );

    const rows = await variationsOf(project);
    expect(rows.map((row) => row.status)).toEqual(["approved", "approved", "reject"]);
    expect(String(rows[0].approvedOn)).toContain("2026-11-10");
    expect(rows[0].submittedOn).not.toBeNull();
    // A step the state no longer allows is refused with the table's message.
    const again = await step(clerk.cookie, a.id, "approve", { approvedOn: "2026-11-12" });
    expect(again.status).toBe(409);
    expect(await english(again.data.error[""])).toEqual([
      "This step is not available any more: the row has moved on. Reload the page.",
    ]);

    const page = await callLoader(variations, `${base(subcontract.id)}/variations`, {
      cookie: manager.cookie,
      params: { subcontractId: subcontract.id },
    });
    expect(page.data.register.totals).toEqual({ approvedCents: 700_03, pendingCents: 0 });
  });

  it("asks before deleting a draft, refuses it without the delete right, and never deletes a claimed one", async () => {
    const project = await createProject(db.em);
    const { manager, clerk } = await changesTeam(db.em, project);
    const subcontract = await makeSubcontract(db.em, project);
    for (const title of ["Draft to delete", "Claimed draft"])
      await callAction(variationNew, `${base(subcontract.id)}/variations/new`, {
        cookie: manager.cookie,
        params: { subcontractId: subcontract.id },
        form: { title, amount: "50" },
      });
    const [loose, claimed] = await variationsOf(project);
    const claim = await makeSubcontractClaim(db.em, project, subcontract, 4);
    await scopeToProject(db.em.fork(), project.id).nativeUpdate(
      SubcontractVariation,
      { id: claimed.id },
      { claim: claim.id },
    );
    const remove = (cookie: string, id: string, confirmed = true) =>
      callAction(variations, `${base(subcontract.id)}/variations`, {
        cookie,
        params: { subcontractId: subcontract.id },
        form: { intent: "transition", id, action: "delete", ...(confirmed ? { confirmed: "on" } : {}) },
      });

    expect((await remove(clerk.cookie, loose.id)).status).toBe(403);
    const unconfirmed = await remove(manager.cookie, loose.id, false);
    expect(unconfirmed.status).toBe(400);
    expect(await english(unconfirmed.data.error.confirmed)).toEqual(['Tick "I am sure" to go on']);
    const refused = await remove(manager.cookie, claimed.id);
    expect(refused.status).toBe(409);
    expect(await english(refused.data.error[""])).toEqual([
      "A payment claim took this row in: it cannot be deleted",
    ]);
    expect(await variationsOf(project)).toHaveLength(2);

    // The page shows the claim's number and offers no delete on that row.
    const page = await callLoader(variations, `${base(subcontract.id)}/variations`, {
      cookie: manager.cookie,
      params: { subcontractId: subcontract.id },
    });
    const claimedRow = page.data.register.rows.find((row: { id: string }) => row.id === claimed.id);
    expect(claimedRow.claimNumber).toBe(4);
    expect(claimedRow.steps.map((row: { action: string }) => row.action)).toEqual(["submit"]);

    const deleted = await remove(manager.cookie, loose.id);
    expect(deleted.status).toBe(302);
    expect((await variationsOf(project)).map((row) => row.number)).toEqual(["VAR-002"]);
  });

  it("are not added to a void subcontract, and another project's subcontract is a 404", async () => {
    const project = await createProject(db.em);
    const { manager } = await changesTeam(db.em, project);
    const voided = await makeSubcontract(db.em, project, { status: "void" });
    const refused = await callAction(variationNew, `${base(voided.id)}/variations/new`, {
      cookie: manager.cookie,
      params: { subcontractId: voided.id },
      form: { title: "Too late", amount: "10" },
    });
    expect(refused.status).toBe(409);
    expect(await english(refused.data.error[""])).toEqual([
      "This subcontract is void or rejected: it takes no more variations or back charges",
    ]);
    expect(await variationsOf(project)).toEqual([]);

    const other = await createProject(db.em);
    const elsewhere = await makeSubcontract(db.em, other, { code: "SC-900" });
    const page = await callLoader(variations, `${base(elsewhere.id)}/variations`, {
      cookie: manager.cookie,
      params: { subcontractId: elsewhere.id },
    });
    expect(page.status).toBe(404);
  });
});

describe("back charges", () => {
  it("are added BC-001… with an amount above zero and the day raised; they step and total like variations", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await changesTeam(db.em, project);
    const subcontract = await makeSubcontract(db.em, project);
    const add = (cookie: string, form: Record<string, string>) =>
      callAction(backChargeNew, `${base(subcontract.id)}/back-charges/new`, {
        cookie,
        params: { subcontractId: subcontract.id },
        form,
      });
    const byViewer = await add(viewer.cookie, {
      description: "Clean-up",
      amount: "10",
      raisedOn: "2026-11-02",
    });
    expect(byViewer.location).toBe("/forbidden");
    const zero = await add(manager.cookie, {
      description: "Clean-up",
      amount: "0.00",
      raisedOn: "2026-11-02",
    });
    expect(zero.status).toBe(400);
    expect(await english(zero.data.error.amount)).toEqual(["Enter an amount above zero"]);
    const negative = await add(manager.cookie, { description: "Clean-up", amount: "-5", raisedOn: "" });
    expect(negative.status).toBe(400);
    expect(await english(negative.data.error.amount)).toEqual(["Enter an amount, e.g. 1,234.56"]);
    expect(await english(negative.data.error.raisedOn)).toEqual(["Invalid date"]);
    expect(await backChargesOf(project)).toEqual([]);

    await add(manager.cookie, {
      description: "Clean-up after the pour",
      amount: "1,234.56",
      raisedOn: "2026-11-02",
    });
    await add(manager.cookie, { description: "Damaged hoarding", amount: "0.01", raisedOn: "2026-11-03" });
    const [first, second] = await backChargesOf(project);
    expect([first.number, Number(first.amountCents), second.number]).toEqual(["BC-001", 1_234_56, "BC-002"]);
    const step = (id: string, action: string, extra: Record<string, string> = {}) =>
      callAction(backCharges, `${base(subcontract.id)}/back-charges`, {
        cookie: manager.cookie,
        params: { subcontractId: subcontract.id },
        form: { intent: "transition", id, action, ...extra },
      });
    expect((await step(first.id, "submit")).status).toBe(302);
    // A back charge is approved without a day (it has none).
    expect((await step(first.id, "approve")).status).toBe(302);
    const page = await callLoader(backCharges, `${base(subcontract.id)}/back-charges`, {
      cookie: viewer.cookie,
      params: { subcontractId: subcontract.id },
    });
    expect(page.data.register.totals).toEqual({ approvedCents: 1_234_56, pendingCents: 1 });
    // A back charge of another subcontract is not found through this one.
    const other = await makeSubcontract(db.em, project, { code: "SC-002" });
    const crossed = await callAction(backCharges, `${base(other.id)}/back-charges`, {
      cookie: manager.cookie,
      params: { subcontractId: other.id },
      form: { intent: "transition", id: second.id, action: "submit" },
    });
    expect(crossed.status).toBe(404);
    expect((await backChargesOf(project))[1].status).toBe("draft");
  });
});
