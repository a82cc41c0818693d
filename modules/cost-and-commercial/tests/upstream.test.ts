import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { JobRun } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { UPSTREAM_PERMISSIONS as P } from "../domain/head-contract-workflow";
import { HeadContract, HeadContractClaim, RequestForApproval, RevenueMonth } from "../entities";
import * as claimCreate from "../routes/head-claim-create";
import * as claimDetail from "../routes/head-claim-detail";
import * as rfaCreate from "../routes/rfa-create";
import * as rfaDetail from "../routes/rfa-detail";
import * as upstream from "../routes/upstream";
import * as upstreamCreate from "../routes/upstream-create";
import * as upstreamEdit from "../routes/upstream-edit";
import { makeHeadContract, upstreamTeam } from "./upstream-fixtures";

const db = setupTestDatabase();

async function english(messages: string[] | null | undefined) {
  const cnc = await serverT("en", "cost-and-commercial");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : cnc) as never, text),
  );
}

const contractsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(HeadContract, {});
const claimsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(HeadContractClaim, {}, { orderBy: { number: "asc" } });

const CONTRACT_FORM = {
  code: "HC-100",
  description: "Design and construction of the northern bridge",
  client: "Roads Authority",
  type: "design_and_construct",
  contractSum: "1,250,000.10",
  jurisdiction: "NSW",
  retentionPercent: "5",
  startDate: "2026-07-01",
  completionDate: "2027-06-30",
};

const claimPath = (id: string) => `/cost-and-commercial/upstream/claims/${id}`;
const onClaim = (cookie: string, id: string, form: Record<string, string>) =>
  callAction(claimDetail, claimPath(id), { cookie, params: { claimId: id }, form });
const newClaim = (cookie: string, form: Record<string, string>) =>
  callAction(claimCreate, "/cost-and-commercial/upstream/claims/new", { cookie, form });

describe("the head contract", () => {
  it("is created from its form with its sum in exact cents; a bad form and a second one write nothing", async () => {
    const project = await createProject(db.em);
    const { manager } = await upstreamTeam(db.em, project);
    const bad = await callAction(upstreamCreate, "/cost-and-commercial/upstream/create", {
      cookie: manager.cookie,
      form: { ...CONTRACT_FORM, contractSum: "12.345" },
    });
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.contractSum)).toEqual(["Enter an amount, e.g. 1,234.56"]);
    const backwards = await callAction(upstreamCreate, "/cost-and-commercial/upstream/create", {
      cookie: manager.cookie,
      form: { ...CONTRACT_FORM, completionDate: "2026-06-30" },
    });
    expect(backwards.status).toBe(400);
    expect(await english(backwards.data.error.completionDate)).toEqual([
      "The end cannot be before the start",
    ]);
    expect(await contractsOf(project)).toEqual([]);

    const made = await callAction(upstreamCreate, "/cost-and-commercial/upstream/create", {
      cookie: manager.cookie,
      form: CONTRACT_FORM,
    });
    expect(made.status).toBe(302);
    expect(made.location).toBe("/cost-and-commercial/upstream");
    const [contract] = await contractsOf(project);
    expect(contract).toMatchObject({
      code: "HC-100",
      status: "draft",
      contractSumCents: 125_000_010,
      retentionBasisPoints: 500,
      jurisdiction: "NSW",
    });

    const again = await callAction(upstreamCreate, "/cost-and-commercial/upstream/create", {
      cookie: manager.cookie,
      form: { ...CONTRACT_FORM, code: "HC-101" },
    });
    expect(again.status).toBe(409);
    expect(await english(again.data.error[""])).toEqual(["This project already has a head contract"]);
    expect(await contractsOf(project)).toHaveLength(1);
  });

  it("moves through the contract vocabulary; a viewer's step is refused and changes nothing", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await upstreamTeam(db.em, project);
    await makeHeadContract(db.em, project, { status: "draft" });
    const step = (cookie: string, action: string, extra: Record<string, string> = {}) =>
      callAction(upstream, "/cost-and-commercial/upstream", {
        cookie,
        form: { intent: "transition", action, ...extra },
      });
    expect((await step(viewer.cookie, "submit")).status).toBe(403);
    expect((await contractsOf(project))[0].status).toBe("draft");
    for (const action of ["submit", "review", "approve"])
      expect((await step(manager.cookie, action)).status).toBe(302);
    const unconfirmed = await step(manager.cookie, "execute");
    expect(unconfirmed.status).toBe(400);
    expect((await contractsOf(project))[0].status).toBe("approved");
    expect((await step(manager.cookie, "execute", { confirmed: "on" })).status).toBe(302);
    expect((await contractsOf(project))[0].status).toBe("executed");
  });

  it("is edited until it is executed, with an entry of what changed; then the edit is refused", async () => {
    const project = await createProject(db.em);
    const { manager } = await upstreamTeam(db.em, project);
    await makeHeadContract(db.em, project, { status: "approved" });
    const edit = (form: Record<string, string>) =>
      callAction(upstreamEdit, "/cost-and-commercial/upstream/edit", { cookie: manager.cookie, form });
    const form = await callLoader(upstreamEdit, "/cost-and-commercial/upstream/edit", {
      cookie: manager.cookie,
    });
    expect(form.data.values).toMatchObject({
      contractSum: "1000000.00",
      retentionPercent: "5",
      jurisdiction: "NSW",
    });
    expect((await edit({ ...form.data.values, contractSum: "1,000,250.75", paymentDays: "10" })).status).toBe(
      302,
    );
    expect((await contractsOf(project))[0]).toMatchObject({ contractSumCents: 100_025_075, paymentDays: 10 });
    await scopeToProject(db.em.fork(), project.id).nativeUpdate(HeadContract, {}, { status: "executed" });
    const refused = await edit({ ...form.data.values, contractSum: "1" });
    expect(refused.status).toBe(409);
    expect((await contractsOf(project))[0].contractSumCents).toBe(100_025_075);
  });

  it("sends who may create to its form when there is none, and shows the viewer a 404", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await upstreamTeam(db.em, project);
    const page = await callLoader(upstream, "/cost-and-commercial/upstream", { cookie: manager.cookie });
    expect(page.location).toBe("/cost-and-commercial/upstream/create");
    expect(
      (await callLoader(upstream, "/cost-and-commercial/upstream", { cookie: viewer.cookie })).status,
    ).toBe(404);
  });
});

describe("progress claims", () => {
  it("numbers claims 1, 2…, works out their figures in cents and stores the deadlines when served", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await upstreamTeam(db.em, project);
    await makeHeadContract(db.em, project);

    const first = await newClaim(manager.cookie, {
      billingPeriodStart: "2026-10-01",
      billingPeriodEnd: "2026-10-31",
      scheduledValue: "400,000.00",
      workCompleted: "100,000.01",
    });
    expect(first.status).toBe(302);
    const [claim1] = await claimsOf(project);
    // Retention 5 % of 100 000.01 = 5 000.0005 → 5 000.00; nothing claimed before.
    expect(claim1).toMatchObject({
      number: 1,
      status: "draft",
      scheduledValueCents: 400_000_00,
      workCompletedCents: 100_000_01,
      grandTotalCents: 95_000_01,
      currentPaymentDueCents: 95_000_01,
      balanceCents: 900_000_00 - 1,
    });

    // Submitting without the day it was served is refused; a viewer may not submit at all.
    const noDay = await onClaim(manager.cookie, claim1.id, { intent: "transition", action: "submit" });
    expect(noDay.status).toBe(400);
    expect(await english(noDay.data.error.servedOn)).toEqual([
      "Enter the day the claim was served on the client",
    ]);
    const byViewer = await onClaim(viewer.cookie, claim1.id, {
      intent: "transition",
      action: "submit",
      servedOn: "2026-11-02",
    });
    expect(byViewer.status).toBe(403);
    expect((await claimsOf(project))[0]).toMatchObject({ status: "draft", submittedOn: null });

    // Served on Monday 2 November 2026 under the NSW Act: schedule 10 business days later, payment 15.
    const served = await onClaim(manager.cookie, claim1.id, {
      intent: "transition",
      action: "submit",
      servedOn: "2026-11-02",
    });
    expect(served.status).toBe(302);
    const submitted = (await claimsOf(project))[0];
    expect(submitted.status).toBe("submitted");
    expect(String(submitted.submittedOn)).toContain("2026-11-02");
    expect(
      [submitted.paymentScheduleDueOn, submitted.paymentDueOn].map((day) => String(day).slice(0, 10)),
    ).toEqual(["2026-11-16", "2026-11-23"]);

    // The client certifies 90 000.00: the next claim takes that off, not the 95 000.01 claimed.
    expect(
      (
        await onClaim(manager.cookie, claim1.id, {
          intent: "payment-schedule",
          scheduledAmount: "90000",
          scheduleReceivedOn: "2026-11-12",
        })
      ).status,
    ).toBe(302);
    expect((await onClaim(manager.cookie, claim1.id, { intent: "paid", paidOn: "2026-11-20" })).status).toBe(
      302,
    );
    await newClaim(manager.cookie, {
      billingPeriodStart: "2026-11-01",
      billingPeriodEnd: "2026-11-30",
      scheduledValue: "400000",
      workCompleted: "250000",
    });
    const [paid, claim2] = await claimsOf(project);
    expect(paid).toMatchObject({ scheduledAmountCents: 90_000_00 });
    expect(String(paid.paidOn)).toContain("2026-11-20");
    // 250 000 − 12 500 retention − 90 000 certified before.
    expect(claim2).toMatchObject({
      number: 2,
      grandTotalCents: 237_500_00,
      currentPaymentDueCents: 147_500_00,
    });

    const register = await callLoader(upstream, "/cost-and-commercial/upstream?tab=claims", {
      cookie: viewer.cookie,
    });
    expect(register.data.claims.rows.map((row: { number: number }) => row.number)).toEqual([1, 2]);
    expect(register.data.claims.totals).toMatchObject({
      currentPaymentDueCents: 95_000_01 + 147_500_00,
      certifiedCents: 90_000_00,
      paidCents: 90_000_00,
    });
  });

  it("deletes a draft claim only when sure, and only for who holds delete", async () => {
    const project = await createProject(db.em);
    const { manager } = await upstreamTeam(db.em, project);
    const clerk = await signedInMember(db.em, project, [P.view, P.create, P.updateStatus]);
    await makeHeadContract(db.em, project);
    await newClaim(manager.cookie, {
      billingPeriodStart: "2026-10-01",
      billingPeriodEnd: "2026-10-31",
      scheduledValue: "1000",
      workCompleted: "500",
    });
    const [claim] = await claimsOf(project);
    expect(
      (await onClaim(clerk.cookie, claim.id, { intent: "transition", action: "delete", confirmed: "on" }))
        .status,
    ).toBe(403);
    expect((await onClaim(manager.cookie, claim.id, { intent: "transition", action: "delete" })).status).toBe(
      400,
    );
    expect(await claimsOf(project)).toHaveLength(1);
    const deleted = await onClaim(manager.cookie, claim.id, {
      intent: "transition",
      action: "delete",
      confirmed: "on",
    });
    expect(deleted.location).toBe("/cost-and-commercial/upstream?tab=claims");
    expect(await claimsOf(project)).toEqual([]);
  });

  it("refuses a payment schedule on a draft, and a bad amount, changing nothing", async () => {
    const project = await createProject(db.em);
    const { manager } = await upstreamTeam(db.em, project);
    await makeHeadContract(db.em, project);
    await newClaim(manager.cookie, {
      billingPeriodStart: "2026-10-01",
      billingPeriodEnd: "2026-10-31",
      scheduledValue: "1000",
      workCompleted: "500",
    });
    const [claim] = await claimsOf(project);
    const draft = await onClaim(manager.cookie, claim.id, {
      intent: "payment-schedule",
      scheduledAmount: "400",
      scheduleReceivedOn: "2026-11-01",
    });
    expect(draft.status).toBe(409);
    const bad = await onClaim(manager.cookie, claim.id, {
      intent: "payment-schedule",
      scheduledAmount: "-4",
      scheduleReceivedOn: "2026-11-01",
    });
    expect(bad.status).toBe(400);
    expect((await claimsOf(project))[0].scheduledAmountCents).toBeNull();
  });
});

describe("revenue and requests for approval", () => {
  it("saves forecast and actual per month and shows totals and cumulative figures", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await upstreamTeam(db.em, project);
    await makeHeadContract(db.em, project, { startDate: "2026-07-01", completionDate: "2026-09-30" });
    const saved = await callAction(upstream, "/cost-and-commercial/upstream", {
      cookie: manager.cookie,
      form: {
        intent: "revenue",
        "months[0].month": "2026-07",
        "months[0].forecast": "100,000.10",
        "months[0].actual": "90,000",
        "months[1].month": "2026-08",
        "months[1].forecast": "200,000.20",
        "months[2].month": "2026-09",
      },
    });
    expect(saved.status).toBe(302);
    expect(await scopeToProject(db.em.fork(), project.id).count(RevenueMonth, {})).toBe(2);
    const page = await callLoader(upstream, "/cost-and-commercial/upstream?tab=revenue", {
      cookie: viewer.cookie,
    });
    expect(page.data.revenue.rows.map((row: { month: string }) => row.month)).toEqual([
      "2026-07",
      "2026-08",
      "2026-09",
    ]);
    expect(page.data.revenue.rows[1]).toMatchObject({
      cumulativeForecastCents: 300_000_30,
      cumulativeActualCents: 90_000_00,
    });
    expect(page.data.revenue.totals).toEqual({ forecastCents: 300_000_30, actualCents: 90_000_00 });

    const byViewer = await callAction(upstream, "/cost-and-commercial/upstream", {
      cookie: viewer.cookie,
      form: { intent: "revenue", "months[0].month": "2026-07", "months[0].forecast": "1" },
    });
    expect(byViewer.status).toBe(403);
  });

  it("numbers RFAs RFA-001…, submits them with the day and records the client's response", async () => {
    const project = await createProject(db.em);
    const { manager } = await upstreamTeam(db.em, project);
    await makeHeadContract(db.em, project);
    for (const title of ["Change to the deck finish", "Alternative bearing supplier"])
      expect(
        (
          await callAction(rfaCreate, "/cost-and-commercial/upstream/rfa/new", {
            cookie: manager.cookie,
            form: { title, amount: "12,500.50", responseDueOn: "2026-12-01" },
          })
        ).status,
      ).toBe(302);
    const rfas = await scopeToProject(db.em.fork(), project.id).find(
      RequestForApproval,
      {},
      { orderBy: { number: "asc" } },
    );
    expect(rfas.map((rfa) => [rfa.number, rfa.amountCents, rfa.status])).toEqual([
      ["RFA-001", 12_500_50, "draft"],
      ["RFA-002", 12_500_50, "draft"],
    ]);
    const at = (form: Record<string, string>) =>
      callAction(rfaDetail, `/cost-and-commercial/upstream/rfa/${rfas[0].id}`, {
        cookie: manager.cookie,
        params: { rfaId: rfas[0].id },
        form,
      });
    expect((await at({ intent: "response", response: "Early", respondedOn: "2026-11-03" })).status).toBe(409);
    expect((await at({ intent: "transition", action: "submit" })).status).toBe(302);
    expect(
      (await at({ intent: "response", response: "Approved as drawn", respondedOn: "2026-11-03" })).status,
    ).toBe(302);
    const [rfa] = await scopeToProject(db.em.fork(), project.id).find(RequestForApproval, {
      number: "RFA-001",
    });
    expect(rfa.status).toBe("submitted");
    expect(rfa.submittedOn).not.toBeNull();
    expect(rfa.response).toBe("Approved as drawn");
  });
});

describe("package sync without a connection", () => {
  it("says not connected, offers no sync, and a posted sync queues nothing", async () => {
    const project = await createProject(db.em);
    const { manager } = await upstreamTeam(db.em, project);
    await makeHeadContract(db.em, project);
    const page = await callLoader(upstream, "/cost-and-commercial/upstream?tab=packages", {
      cookie: manager.cookie,
    });
    expect(page.data.packages).toMatchObject({ connected: false, canSync: false, packages: [] });
    const sync = await callAction(upstream, "/cost-and-commercial/upstream", {
      cookie: manager.cookie,
      form: { intent: "package-sync" },
    });
    expect(sync.status).toBe(409);
    expect(await english(sync.data.error[""])).toEqual([
      "ACC Cost Management is not connected for this project: packages cannot be synced.",
    ]);
    expect(await db.em.fork().count(JobRun, { project: project.id })).toBe(0);
  });
});
