import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { BackCharge, SubcontractClaim, SubcontractVariation } from "../entities";
import * as claimCreate from "../routes/subcontract-claim-create";
import * as claimDetail from "../routes/subcontract-claim-detail";
import * as claims from "../routes/subcontract-claims";
import {
  docketClaims,
  downstreamTeam,
  insertDocket,
  makeSubcontract,
  projectCompany,
} from "./subcontract-fixtures";

const db = setupTestDatabase();

async function english(messages: string[] | null | undefined) {
  const cnc = await serverT("en", "cost-and-commercial");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : cnc) as never, text),
  );
}

const claimsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(SubcontractClaim, {}, { orderBy: { number: "asc" } });

/** A subcontract with approved dockets of awkward amounts, one draft docket and one after the period. */
async function site(overrides: Record<string, unknown> = {}) {
  const project = await createProject(db.em);
  const team = await downstreamTeam(db.em, project);
  const company = await projectCompany(db.em, project, "Formwork Bros");
  const subcontract = await makeSubcontract(db.em, project, company, overrides);
  const dockets: string[] = [];
  const amounts: number[] = [];
  // 37 dockets of 123.45 + n × 0.07: the claim must total their cents exactly, as no float would.
  for (let index = 1; index <= 37; index += 1) {
    const totalCents = 12_345 + index * 7;
    amounts.push(totalCents);
    dockets.push(
      await insertDocket(db.em, {
        project,
        company,
        subcontractId: subcontract.id,
        number: `DKT-${String(index).padStart(4, "0")}`,
        docketDate: `2026-10-${String((index % 28) + 1).padStart(2, "0")}`,
        totalCents,
      }),
    );
  }
  const draft = await insertDocket(db.em, {
    project,
    company,
    subcontractId: subcontract.id,
    number: "DKT-0100",
    docketDate: "2026-10-05",
    totalCents: 99_999,
    status: "draft",
  });
  const late = await insertDocket(db.em, {
    project,
    company,
    subcontractId: subcontract.id,
    number: "DKT-0101",
    docketDate: "2026-11-15",
    totalCents: 50_000,
  });
  const base = `/cost-and-commercial/downstream/${subcontract.id}`;
  const params = { subcontractId: subcontract.id };
  const newClaim = (cookie: string, form: Record<string, string>) =>
    callAction(claimCreate, `${base}/claims/new`, { cookie, params, form });
  const onClaim = (cookie: string, claimId: string, form: Record<string, string>) =>
    callAction(claimDetail, `${base}/claims/${claimId}`, {
      cookie,
      params: { ...params, claimId },
      form: { intent: "transition", ...form },
    });
  return {
    project,
    company,
    subcontract,
    dockets,
    amounts,
    draft,
    late,
    base,
    params,
    newClaim,
    onClaim,
    ...team,
  };
}

const CLAIM = {
  billingPeriodEnd: "2026-10-31",
  invoiceNumber: "INV-2041",
  invoiceDate: "2026-10-31",
  receivedOn: "2026-11-02",
  otherWork: "1,000.10",
};

describe("a subcontract payment claim", () => {
  it("takes in every approved docket up to the period end and the approved changes, summing in cents", async () => {
    const s = await site();
    const scoped = scopeToProject(db.em.fork(), s.project.id);
    const variation = scoped.create(SubcontractVariation, {
      project: s.project.id,
      subcontract: s.subcontract.id,
      number: "V-01",
      title: "Extra pier",
      amountCents: 2_500_01,
      status: "approved",
    } as never);
    scoped.create(SubcontractVariation, {
      project: s.project.id,
      subcontract: s.subcontract.id,
      number: "V-02",
      title: "Not yet approved",
      amountCents: 9_999_99,
      status: "submitted",
    } as never);
    const backCharge = scoped.create(BackCharge, {
      project: s.project.id,
      subcontract: s.subcontract.id,
      number: "BC-01",
      description: "Clean-up",
      amountCents: 300_03,
      raisedOn: "2026-10-20",
      status: "approved",
    } as never);
    await scoped.flush();

    const made = await s.newClaim(s.manager.cookie, CLAIM);
    expect(made.status).toBe(302);
    const [claim] = await claimsOf(s.project);
    expect(made.location).toBe(`${s.base}/claims/${claim.id}`);
    const docketsCents = s.amounts.reduce((total, cents) => total + cents, 0);
    expect(docketsCents).toBe(461_686); // 37 × 123.45 + 0.07 × (1 + … + 37)
    const claimed = docketsCents + 1_000_10 + 2_500_01 - 300_03;
    expect(claim).toMatchObject({
      number: 1,
      status: "draft",
      invoiceNumber: "INV-2041",
      docketsCents,
      otherWorkCents: 1_000_10,
      variationsCents: 2_500_01,
      backChargesCents: 300_03,
      claimedCents: claimed,
      // 5 % of 7 816.94, rounded half away from zero.
      retentionHeldCents: 39_085,
    });
    // NSW: the schedule 10 business days after receipt, payment 20 (a subcontract).
    const held = await docketClaims(db.em, [...s.dockets, s.draft, s.late]);
    expect(s.dockets.every((id) => held[id] === claim.id)).toBe(true);
    expect(held[s.draft]).toBeNull();
    expect(held[s.late]).toBeNull();
    const reread = scopeToProject(db.em.fork(), s.project.id);
    expect((await reread.findOneOrFail(SubcontractVariation, variation.id)).claim?.id).toBe(claim.id);
    expect((await reread.findOneOrFail(BackCharge, backCharge.id)).claim?.id).toBe(claim.id);

    // The page lists the dockets it took in, with their numbers and amounts.
    const page = await callLoader(claimDetail, `${s.base}/claims/${claim.id}`, {
      cookie: s.viewer.cookie,
      params: { ...s.params, claimId: claim.id },
    });
    expect(page.data.work).toHaveLength(37);
    expect(page.data.work[0]).toMatchObject({ number: expect.stringMatching(/^DKT-/) });
    expect(page.data.claim.paymentDueOn).toBe("2026-11-30");
    expect(page.data.claim.paymentScheduleDueOn).toBe("2026-11-16");
    const list = await callLoader(claims, `${s.base}/claims`, { cookie: s.viewer.cookie, params: s.params });
    expect(list.data.claims.totals.claimedCents).toBe(claimed);

    // A second claim does not take the same dockets: only the later one, once its period reaches it.
    expect((await s.newClaim(s.manager.cookie, { billingPeriodEnd: "2026-11-30" })).status).toBe(302);
    const [, second] = await claimsOf(s.project);
    expect(second).toMatchObject({
      number: 2,
      docketsCents: 50_000,
      variationsCents: 0,
      backChargesCents: 0,
    });
    expect((await docketClaims(db.em, [s.late]))[s.late]).toBe(second.id);
  });

  it("caps the retention at what the cap leaves after earlier claims", async () => {
    const s = await site({ retentionBasisPoints: 1000, retentionCapCents: 500_00 });
    await s.newClaim(s.manager.cookie, { billingPeriodEnd: "2026-10-15" });
    await s.newClaim(s.manager.cookie, { billingPeriodEnd: "2026-11-30" });
    const [first, second] = await claimsOf(s.project);
    expect(first.retentionHeldCents).toBe(Math.round(first.claimedCents / 10));
    expect(first.retentionHeldCents + second.retentionHeldCents).toBe(500_00);
  });

  it("is certified with an amount and paid; withdrawing or deleting gives its work back", async () => {
    const s = await site();
    await s.newClaim(s.manager.cookie, { billingPeriodEnd: "2026-10-31" });
    const [claim] = await claimsOf(s.project);

    // The viewer may not step it; certifying needs the amount.
    expect((await s.onClaim(s.viewer.cookie, claim.id, { action: "receive" })).status).toBe(403);
    expect((await s.onClaim(s.manager.cookie, claim.id, { action: "receive" })).status).toBe(302);
    const noAmount = await s.onClaim(s.manager.cookie, claim.id, { action: "certify" });
    expect(noAmount.status).toBe(400);
    expect(await english(noAmount.data.error.certifiedAmount)).toEqual(["Enter the certified amount"]);
    expect(
      (await s.onClaim(s.manager.cookie, claim.id, { action: "withdraw", confirmed: "on" })).status,
    ).toBe(302);
    expect((await claimsOf(s.project))[0].status).toBe("void");
    const freed = await docketClaims(db.em, s.dockets);
    expect(Object.values(freed).every((claimId) => claimId === null)).toBe(true);

    // The next claim takes them in again, and is certified and paid.
    await s.newClaim(s.manager.cookie, { billingPeriodEnd: "2026-10-31" });
    const [, again] = await claimsOf(s.project);
    expect(again.docketsCents).toBe(461_686);
    await s.onClaim(s.manager.cookie, again.id, { action: "receive" });
    expect(
      (await s.onClaim(s.manager.cookie, again.id, { action: "certify", certifiedAmount: "4,500.50" }))
        .status,
    ).toBe(302);
    expect((await s.onClaim(s.manager.cookie, again.id, { action: "pay" })).status).toBe(302);
    const [, paid] = await claimsOf(s.project);
    expect(paid).toMatchObject({ status: "executed", certifiedCents: 4_500_50 });
    expect(paid.paidOn).not.toBeNull();

    // A draft claim deleted: its dockets are free again.
    await s.newClaim(s.manager.cookie, { billingPeriodEnd: "2026-11-30" });
    const third = (await claimsOf(s.project))[2];
    expect((await docketClaims(db.em, [s.late]))[s.late]).toBe(third.id);
    expect(
      (await s.onClaim(s.manager.cookie, third.id, { action: "delete", confirmed: "on" })).location,
    ).toBe(`${s.base}/claims`);
    expect(await claimsOf(s.project)).toHaveLength(2);
    expect((await docketClaims(db.em, [s.late]))[s.late]).toBeNull();
  });

  it("refuses a bad form, a viewer and a void subcontract, writing nothing", async () => {
    const s = await site();
    const bad = await s.newClaim(s.manager.cookie, { billingPeriodEnd: "31/10/2026", otherWork: "abc" });
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.otherWork)).toEqual(["Enter an amount, e.g. 1,234.56"]);
    expect((await s.newClaim(s.viewer.cookie, { billingPeriodEnd: "2026-10-31" })).location).toBe(
      "/forbidden",
    );
    const other = await site({ status: "void" });
    const closed = await other.newClaim(other.manager.cookie, { billingPeriodEnd: "2026-10-31" });
    expect(closed.status).toBe(409);
    expect(await claimsOf(s.project)).toEqual([]);
    expect(await claimsOf(other.project)).toEqual([]);
    expect(Object.values(await docketClaims(db.em, s.dockets)).every((claimId) => claimId === null)).toBe(
      true,
    );
  });
});
