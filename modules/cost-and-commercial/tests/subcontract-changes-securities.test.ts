import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { SupplierSecurity } from "../entities";
import * as securities from "../routes/subcontract-changes-securities";
import * as securityEdit from "../routes/subcontract-changes-security-edit";
import * as securityNew from "../routes/subcontract-changes-security-new";
import { siteToday } from "../server/rfa.server";
import { securityWarning } from "../server/subcontract-changes-basics";
import { changesTeam, makeSubcontract } from "./subcontract-changes-fixtures";

const db = setupTestDatabase();

async function english(messages: string[] | null | undefined) {
  const cnc = await serverT("en", "cost-and-commercial");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : cnc) as never, text),
  );
}

const securitiesOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(SupplierSecurity, {}, { orderBy: { reference: "asc" } });
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("securityWarning", () => {
  it("says expired after the expiry day, expiring within 30 days, nothing once released", () => {
    const today = "2026-11-26";
    expect(securityWarning({ expiryDate: "2026-11-25", releasedOn: null }, today)).toBe("expired");
    expect(securityWarning({ expiryDate: "2026-11-26", releasedOn: null }, today)).toBe("expiring");
    expect(securityWarning({ expiryDate: "2026-12-26", releasedOn: null }, today)).toBe("expiring");
    expect(securityWarning({ expiryDate: "2026-12-27", releasedOn: null }, today)).toBeNull();
    expect(securityWarning({ expiryDate: "2026-11-01", releasedOn: "2026-11-02" }, today)).toBeNull();
    expect(securityWarning({ expiryDate: null, releasedOn: null }, today)).toBeNull();
  });
});

describe("supplier securities", () => {
  it("are added and edited with edit-supplier only; the expiry must follow the issue; bad input writes nothing", async () => {
    const project = await createProject(db.em);
    const { manager, clerk } = await changesTeam(db.em, project);
    const subcontract = await makeSubcontract(db.em, project);
    const path = `/cost-and-commercial/downstream/${subcontract.id}/securities`;
    const form = {
      kind: "bank_guarantee",
      reference: "BG-7781",
      issuer: "Westpac",
      amount: "12,500.50",
      issueDate: "2026-07-01",
      expiryDate: "2027-07-01",
    };
    const add = (cookie: string, values: Record<string, string>) =>
      callAction(securityNew, `${path}/new`, {
        cookie,
        params: { subcontractId: subcontract.id },
        form: values,
      });

    expect((await add(clerk.cookie, form)).location).toBe("/forbidden");
    const backwards = await add(manager.cookie, { ...form, expiryDate: "2026-07-01" });
    expect(backwards.status).toBe(400);
    expect(await english(backwards.data.error.expiryDate)).toEqual([
      "The expiry date must be after the issue date",
    ]);
    const badKind = await add(manager.cookie, { ...form, kind: "gold_bars", reference: "" });
    expect(badKind.status).toBe(400);
    expect(await english(badKind.data.error.kind)).toEqual(["This field is required"]);
    expect(await english(badKind.data.error.reference)).toEqual(["This field is required"]);
    expect(await securitiesOf(project)).toEqual([]);

    expect((await add(manager.cookie, form)).status).toBe(302);
    const [security] = await securitiesOf(project);
    expect(security).toMatchObject({ kind: "bank_guarantee", reference: "BG-7781", amountCents: 12_500_50 });

    const editPath = `${path}/${security.id}/edit`;
    const params = { subcontractId: subcontract.id, securityId: security.id };
    const loaded = await callLoader(securityEdit, editPath, { cookie: manager.cookie, params });
    expect(loaded.data.values).toMatchObject({ amount: "12500.50", expiryDate: "2027-07-01" });
    const edited = await callAction(securityEdit, editPath, {
      cookie: manager.cookie,
      params,
      form: { ...loaded.data.values, amount: "13,000.01", issuer: "" },
    });
    expect(edited.status).toBe(302);
    expect((await securitiesOf(project))[0]).toMatchObject({ amountCents: 13_000_01, issuer: null });
    const entries = await db.em
      .fork()
      .find(ActivityLog, { entityType: "cnc.security", entityId: security.id }, { filters: false });
    expect(entries.map((entry) => entry.action).sort()).toEqual(["created", "updated"]);
    const updated = entries.find((entry) => entry.action === "updated");
    expect(updated?.after).toEqual({ amountCents: 13_000_01, issuer: null });
  });

  it("warn of the expired and the soon expiring, total what is held, and are released once", async () => {
    const project = await createProject(db.em);
    const { manager, viewer, clerk } = await changesTeam(db.em, project);
    const subcontract = await makeSubcontract(db.em, project);
    const today = await siteToday({ em: db.em.fork(), project });
    const scoped = scopeToProject(db.em.fork(), project.id);
    const make = (reference: string, expiryDate: string, amountCents: number) =>
      scoped.create(SupplierSecurity, {
        project: project.id,
        subcontract: subcontract.id,
        kind: "insurance_bond",
        reference,
        amountCents,
        expiryDate,
      } as never);
    make("A-expired", shift(today, -1), 100_01);
    make("B-soon", shift(today, 10), 200_02);
    const later = make("C-later", shift(today, 200), 300_03);
    await scoped.flush();
    const path = `/cost-and-commercial/downstream/${subcontract.id}/securities`;
    const params = { subcontractId: subcontract.id };

    const page = await callLoader(securities, path, { cookie: viewer.cookie, params });
    expect(page.data.canEdit).toBe(false);
    expect(page.data.register.totals).toEqual({ heldCents: 600_06, expired: 1, expiring: 1 });
    expect(page.data.register.rows.map((row: { warning: string | null }) => row.warning)).toEqual([
      "expired",
      "expiring",
      null,
    ]);

    const release = (cookie: string, values: Record<string, string>) =>
      callAction(securities, path, { cookie, params, form: { intent: "release", id: later.id, ...values } });
    expect((await release(clerk.cookie, { releasedOn: today })).status).toBe(403);
    const noDay = await release(manager.cookie, { releasedOn: "" });
    expect(noDay.status).toBe(400);
    expect((await release(manager.cookie, { releasedOn: today })).status).toBe(302);
    const twice = await release(manager.cookie, { releasedOn: today });
    expect(twice.status).toBe(409);
    expect(await english(twice.data.error[""])).toEqual(["This security was already released"]);
    const after = await callLoader(securities, path, { cookie: manager.cookie, params });
    expect(after.data.register.totals.heldCents).toBe(300_03);
  });
});
