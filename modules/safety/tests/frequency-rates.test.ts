import { afterEach, describe, expect, it } from "vitest";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { SafetyHoursWorked, SafetyIncident, SafetyIncidentInjuredPerson } from "../entities";
import { frequencyRatesFor, type InjuryCounter } from "../server/frequency-rates.server";
import {
  type HoursPeriod,
  type HoursSource,
  hoursSource,
  hoursWorked,
  inOutOrEnteredHoursSource,
  setHoursSource,
} from "../server/hours-worked.server";
import { setProjectTimeZone } from "./incident-fixtures";

const db = setupTestDatabase();

afterEach(() => {
  setHoursSource(null);
});

/** A project with hours entered for January to April 2026. */
async function projectWithHours(months: Record<string, number>) {
  const project = await createProject(db.em);
  const em = scopeToProject(db.em.fork(), project.id);
  for (const [month, hours] of Object.entries(months))
    em.create(SafetyHoursWorked, { project: project.id, month: `${month}-01`, hours } as never);
  await em.flush();
  return { project, scope: { em, projectId: project.id } };
}

/** A stand-in for the incidents' query: fixed counts, and the periods it was asked about. */
function fakeCounter(counts: Awaited<ReturnType<InjuryCounter>>) {
  const asked: HoursPeriod[] = [];
  const counter: InjuryCounter = async (_scope, period) => {
    asked.push(period);
    return counts;
  };
  return { counter, asked };
}

describe("hours worked over a period", () => {
  it("sum the entered months the period touches, whole months, this project's only", async () => {
    const { scope } = await projectWithHours({
      "2026-01": 100_000,
      "2026-02": 112_500.25,
      "2026-03": 100_000,
      "2026-04": 100_000,
    });
    await projectWithHours({ "2026-02": 999_999 });
    expect(await hoursWorked(scope, "2026-02-01", "2026-03-31")).toEqual({
      hours: 212_500.25,
      source: "entered",
    });
    // 10 February – 5 March still counts February and March in full: hours are known per month.
    expect((await hoursWorked(scope, "2026-02-10", "2026-03-05")).hours).toBe(212_500.25);
    expect((await hoursWorked(scope, "2025-01-01", "2025-12-31")).hours).toBe(0);
  });

  it("come from a source that can be swapped (In/Out's records, later) without changing the readers", async () => {
    const { scope } = await projectWithHours({ "2026-01": 100_000 });
    const inOut: HoursSource = { id: "in-out", hours: async () => 4_000 };
    expect(await hoursWorked(scope, "2026-01-01", "2026-01-31", inOut)).toEqual({
      hours: 4_000,
      source: "in-out",
    });
    setHoursSource(inOut);
    expect(hoursSource()).toBe(inOut);
    expect((await hoursWorked(scope, "2026-01-01", "2026-01-31")).source).toBe("in-out");
    setHoursSource(null);
    expect(hoursSource()).toBe(inOutOrEnteredHoursSource);
  });
});

describe("frequencyRatesFor", () => {
  it("works the rates from the counter's injured people and the entered hours: the hand-worked example", async () => {
    // 412,500 hours over three months; 2 LTIs and 3 MTIs (and first aid, counted in neither rate).
    const { scope } = await projectWithHours({ "2026-01": 137_500, "2026-02": 137_500, "2026-03": 137_500 });
    const { counter, asked } = fakeCounter({ lti: 2, mti: 3, first_aid: 4 });
    const rates = await frequencyRatesFor(scope, "2026-01-15", "2026-03-10", { countInjuries: counter });
    expect(rates).toMatchObject({
      ltifr: 4.85,
      trifr: 12.12,
      hours: 412_500,
      lostTimeCount: 2,
      recordableCount: 5,
      from: "2026-01-01",
      to: "2026-03-31",
      hoursSource: "entered",
    });
    // The injuries are counted over the same whole months as the hours.
    expect(asked).toEqual([{ from: "2026-01-01", to: "2026-03-31" }]);
  });

  it("gives no rate (null, shown —) for a period without hours, whatever the injuries", async () => {
    const { scope } = await projectWithHours({});
    const { counter } = fakeCounter({ fatality: 1 });
    const rates = await frequencyRatesFor(scope, "2026-01-01", "2026-12-31", { countInjuries: counter });
    expect(rates).toMatchObject({ ltifr: null, trifr: null, hours: 0, lostTimeCount: 1, recordableCount: 1 });
  });

  it("counts the injured persons of the project's incidents by the incident's day on the project's clock", async () => {
    const { project, scope } = await projectWithHours({ "2026-05": 80_000 });
    await setProjectTimeZone(db.em, project, "Australia/Sydney");
    const scoped = scopeToProject(db.em, project.id);
    const incident = (number: string, occurredAt: string, classifications: string[]) => {
      const made = scoped.create(SafetyIncident, {
        project,
        number,
        title: "Struck by a swinging load",
        occurredAt: new Date(occurredAt),
        impactAreas: ["People"],
      } as never);
      for (const classification of classifications)
        scoped.create(SafetyIncidentInjuredPerson, {
          project,
          incident: made,
          fullName: `Person ${classification}`,
          classification,
        } as never);
    };
    incident("INC-0001", "2026-05-10T02:00:00Z", ["lti", "first_aid"]);
    incident("INC-0002", "2026-05-20T02:00:00Z", ["rwi"]);
    // 30 April 15:30 UTC is already 1 May in Sydney: May's.
    incident("INC-0003", "2026-04-30T15:30:00Z", ["mti"]);
    // 31 May 14:30 UTC is 1 June in Sydney: not May's.
    incident("INC-0004", "2026-05-31T14:30:00Z", ["fatality"]);
    await scoped.flush();
    expect(await frequencyRatesFor(scope, "2026-05-01", "2026-05-31")).toMatchObject({
      counts: { lti: 1, first_aid: 1, rwi: 1, mti: 1 },
      lostTimeCount: 1,
      recordableCount: 3,
      // 1 × 1,000,000 / 80,000 = 12.50; 3 × 1,000,000 / 80,000 = 37.50
      ltifr: 12.5,
      trifr: 37.5,
    });
  });

  it("refuses a malformed or reversed period before asking anyone", async () => {
    const { scope } = await projectWithHours({});
    const { counter, asked } = fakeCounter({});
    for (const [from, to] of [
      ["2026-03-01", "2026-02-01"],
      ["2026-02-30", "2026-03-01"],
      ["yesterday", "2026-03-01"],
    ])
      await expect(frequencyRatesFor(scope, from, to, { countInjuries: counter })).rejects.toBeInstanceOf(
        RangeError,
      );
    expect(asked).toEqual([]);
  });
});
