import { describe, expect, it } from "vitest";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader, signedInMember } from "~/tests/setup/requests";
import { checklistFor } from "../domain/permit-workflow";
import {
  SafetyHoursWorked,
  SafetyIncident,
  SafetyIncidentInjuredPerson,
  SafetyPermit,
  SafetySds,
} from "../entities";
import * as actionRegister from "../routes/action-register";
import * as incidentRegister from "../routes/incident-register";
import * as observationRegister from "../routes/observation-register";
import * as permitRegister from "../routes/permit-register";
import * as safetyHome from "../routes/safety-home";
import * as sdsRegister from "../routes/sds-register";
import { lastTwelveMonths, mondayOf } from "../server/home.server";
import { makeAction, safetySite } from "./fixtures";
import { makeObservation, observationSite } from "./observation-fixtures";

const db = setupTestDatabase();

const day = (offset: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

describe("safety home", () => {
  it("counts the open actions by due date, each count linking to a register page listing exactly those", async () => {
    const project = await createProject(db.em);
    const { engineer, worker } = await safetySite(db.em, project);
    const mine = { assignee: worker.user, createdBy: engineer.user };
    await makeAction(db.em, project, { number: "ACT-0001", ...mine, dueDate: day(-3) });
    await makeAction(db.em, project, {
      number: "ACT-0002",
      ...mine,
      dueDate: day(-1),
      status: "in_progress",
    });
    await makeAction(db.em, project, { number: "ACT-0003", assignee: engineer.user, dueDate: day(-1) });
    await makeAction(db.em, project, { number: "ACT-0004", ...mine, dueDate: day(0) });
    await makeAction(db.em, project, { number: "ACT-0005", ...mine, dueDate: day(7) });
    await makeAction(db.em, project, { number: "ACT-0006", ...mine, dueDate: day(8) });
    await makeAction(db.em, project, { number: "ACT-0007", ...mine });
    // Done work is not counted, whatever its due date.
    await makeAction(db.em, project, { number: "ACT-0008", ...mine, dueDate: day(-5), status: "completed" });
    await makeAction(db.em, project, { number: "ACT-0009", ...mine, status: "closed" });

    const home = await callLoader(safetyHome, "/safety/home", { cookie: worker.cookie });
    expect(home.status).toBe(200);
    const { buckets, mineOverdue, mineOverdueHref } = home.data.actions;
    expect(buckets.map((bucket: { due: string; count: number }) => [bucket.due, bucket.count])).toEqual([
      ["overdue", 3],
      ["due_week", 2],
      ["later", 1],
      ["no_due", 1],
    ]);
    expect(mineOverdue).toBe(2);
    for (const { href, count } of [...buckets, { href: mineOverdueHref, count: mineOverdue }]) {
      const listed = await callLoader(actionRegister, href, { cookie: worker.cookie });
      expect(listed.data.register.total, href).toBe(count);
    }
  });

  it("counts this week's observations by kind, Monday to today, each linking to exactly those", async () => {
    const project = await createProject(db.em);
    const { engineer } = await observationSite(db.em, project);
    const today = day(0);
    const monday = mondayOf(today);
    await makeObservation(db.em, project, { number: "OBS-0001", observedOn: monday });
    await makeObservation(db.em, project, { number: "OBS-0002", observedOn: today, kind: "unsafe_act" });
    await makeObservation(db.em, project, {
      number: "OBS-0003",
      observedOn: today,
      kind: "positive",
      status: "closed",
    });
    // Last week's are not this week's.
    const sunday = new Date(`${monday}T00:00:00Z`);
    sunday.setUTCDate(sunday.getUTCDate() - 1);
    await makeObservation(db.em, project, {
      number: "OBS-0004",
      observedOn: sunday.toISOString().slice(0, 10),
    });

    const home = await callLoader(safetyHome, "/safety/home", { cookie: engineer.cookie });
    const kinds = home.data.observations.kinds as { kind: string; count: number; href: string }[];
    expect(kinds.map((entry) => [entry.kind, entry.count])).toEqual([
      ["positive", 1],
      ["unsafe_act", 1],
      ["unsafe_condition", 1],
    ]);
    for (const { href, count } of kinds) {
      const listed = await callLoader(observationRegister, href, { cookie: engineer.cookie });
      expect(listed.data.register.total, href).toBe(count);
    }
    expect(mondayOf("2026-11-26")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
  });

  it("counts the incidents by stage with their register links, and the rates of the last twelve months", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, ["safety.incidents.view"]);
    const scoped = scopeToProject(db.em, project.id);
    const today = day(0);
    const stages = ["RAISED", "RAISED", "INVESTIGATION", "CLOSED"];
    stages.forEach((status, index) => {
      const incident = scoped.create(SafetyIncident, {
        project,
        number: `INC-000${index + 1}`,
        title: "Hand caught in the rebar bender",
        status,
        occurredAt: new Date(`${today}T01:00:00Z`),
        impactAreas: ["People"],
      } as never);
      scoped.create(SafetyIncidentInjuredPerson, {
        project,
        incident,
        fullName: `Worker ${index}`,
        classification: index === 0 ? "lti" : "first_aid",
      } as never);
    });
    scoped.create(SafetyHoursWorked, { project, month: `${today.slice(0, 7)}-01`, hours: 50_000 } as never);
    await scoped.flush();

    const home = await callLoader(safetyHome, "/safety/home", { cookie });
    const byStage = home.data.incidents as { status: string; count: number; href: string }[];
    expect(byStage.map((entry) => [entry.status, entry.count])).toEqual([
      ["RAISED", 2],
      ["EVALUATION_BY_SHE_PERSONNEL", 0],
      ["INVESTIGATION", 1],
      ["SIGN_OFF", 0],
      ["CLOSED", 1],
    ]);
    for (const { href, count } of byStage) {
      const listed = await callLoader(incidentRegister, href, { cookie });
      expect(listed.data.register.total, href).toBe(count);
    }
    // One LTI over 50,000 hours: 1 × 1,000,000 / 50,000 = 20.00, and it is the only recordable one.
    expect(home.data.rates).toMatchObject({ ltifr: 20, trifr: 20, lostTimeCount: 1, hours: 50_000 });
    // Nothing of the actions or observations for someone who sees only incidents.
    expect(home.data.actions).toBeNull();
    expect(home.data.observations).toBeNull();
    expect(lastTwelveMonths("2026-11-26")).toEqual({ from: "2025-12-01", to: "2026-11-30" });
    expect(lastTwelveMonths("2026-01-05")).toEqual({ from: "2025-02-01", to: "2026-01-31" });
  });

  it("counts the permits active now and the safety data sheets expired or expiring, each linking to exactly those", async () => {
    const project = await createProject(db.em);
    const member = await signedInMember(db.em, project, ["safety.permits.view", "safety.sds.view"]);
    const scoped = scopeToProject(db.em, project.id);
    const hour = 3_600_000;
    const permit = (number: string, status: string, from: number, to: number) =>
      scoped.create(SafetyPermit, {
        project,
        number,
        type: "hot_work",
        title: "Welding handrail brackets",
        validFrom: new Date(Date.now() + from * hour),
        validTo: new Date(Date.now() + to * hour),
        checklist: checklistFor("hot_work"),
        status,
        createdBy: member.user,
      } as never);
    permit("PTW-0001", "ACTIVE", -2, 6); // active now
    permit("PTW-0002", "ACTIVE", -30, -6); // expired
    permit("PTW-0003", "IN_REVIEW", -2, 6); // not approved yet
    const sheet = (number: string, expiryDate: string) =>
      scoped.create(SafetySds, {
        project,
        number,
        product: "Diesel fuel",
        supplier: "BP",
        issueDate: "2024-01-10",
        expiryDate,
        status: "CLOSED",
        createdBy: member.user,
      } as never);
    sheet("SDS-0001", day(-3)); // expired
    sheet("SDS-0002", day(10)); // expiring within 30 days
    sheet("SDS-0003", day(400)); // current
    await scoped.flush();

    const home = await callLoader(safetyHome, "/safety/home", { cookie: member.cookie });
    expect(home.data.permits.count).toBe(1);
    expect(
      home.data.sheets.map((entry: { expiry: string; count: number }) => [entry.expiry, entry.count]),
    ).toEqual([
      ["expired", 1],
      ["expiring", 1],
    ]);
    // Each figure's link lists exactly those.
    expect(
      (await callLoader(permitRegister, home.data.permits.href, { cookie: member.cookie })).data.register
        .total,
    ).toBe(1);
    for (const { href, count } of home.data.sheets as { href: string; count: number }[])
      expect((await callLoader(sdsRegister, href, { cookie: member.cookie })).data.register.total, href).toBe(
        count,
      );
    // Nothing of the others for someone who sees only permits and sheets.
    expect([home.data.actions, home.data.incidents, home.data.observations]).toEqual([null, null, null]);
  });

  it("shows nothing of the actions to a member who may not open them, and is refused to one with no safety right", async () => {
    const project = await createProject(db.em);
    const settingsOnly = await signedInMember(db.em, project, ["safety.settings.view-settings"]);
    const home = await callLoader(safetyHome, "/safety/home", { cookie: settingsOnly.cookie });
    expect(home.status).toBe(200);
    expect(home.data.actions).toBeNull();
    const nobody = await signedInMember(db.em, project, ["quality.lot.view"]);
    expect((await callLoader(safetyHome, "/safety/home", { cookie: nobody.cookie })).location).toBe(
      "/forbidden",
    );
  });
});
