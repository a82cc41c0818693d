import { describe, expect, it } from "vitest";
import {
  PLANT_PERMISSIONS,
  PLANT_STATUSES,
  PLANT_STEPS,
  PLANT_TRANSITIONS,
  type PlantStatus,
  type PlantStep,
  plantWorkflow,
} from "./plant-workflow";

// The README table by hand: `state step → target @ permission-code [flags]`.
const EXPECTED = `
IN_PROGRESS submit → IN_REVIEW @ update-status
IN_REVIEW approve → ACTIVE @ approve
IN_REVIEW return → IN_PROGRESS @ approve comment
ACTIVE off-hire → CLOSED @ close
CLOSED re-hire → IN_REVIEW @ update-status comment
IN_PROGRESS archive → ARCHIVED @ archive confirm
IN_REVIEW archive → ARCHIVED @ archive confirm
ACTIVE archive → ARCHIVED @ archive confirm
CLOSED archive → ARCHIVED @ archive confirm
ARCHIVED restore → IN_PROGRESS @ archive comment
IN_PROGRESS delete → deleted @ delete confirm
`
  .trim()
  .split("\n");

const expected = new Map(
  EXPECTED.map((line) => {
    const [state, step, , target, , code, ...flags] = line.split(" ");
    return [
      `${state} ${step}`,
      {
        target: target === "deleted" ? null : target,
        permission: `plant.register.${code}`,
        confirm: flags.includes("confirm"),
        comment: flags.includes("comment"),
      },
    ];
  }),
);

const ALL = new Set<string>(Object.values(PLANT_PERMISSIONS));

describe("plant workflow table", () => {
  it("has exactly the rows of the README table", () => {
    expect(PLANT_TRANSITIONS).toHaveLength(EXPECTED.length);
    for (const row of PLANT_TRANSITIONS)
      expect(expected.get(`${row.from} ${row.action}`)).toEqual({
        target: row.to,
        permission: row.permission,
        confirm: Boolean(row.confirm),
        comment: Boolean(row.requiresComment),
      });
  });

  // Every cell of states × steps: allowed with its permission (refused without it), or refused from the state.
  for (const status of PLANT_STATUSES)
    for (const step of PLANT_STEPS) {
      const cell = expected.get(`${status} ${step}`);
      it(`${status} × ${step}: ${cell ? `→ ${cell.target ?? "deleted"}` : "refused"}`, () => {
        const run = (granted: ReadonlySet<string>, comment: string | null = "Why") =>
          plantWorkflow.apply(status as PlantStatus, step as PlantStep, granted, { comment });
        if (!cell) {
          expect(run(ALL)).toEqual({ ok: false, reason: "not-allowed-from-state" });
          return;
        }
        expect(run(ALL)).toEqual(expect.objectContaining({ ok: true, to: cell.target }));
        expect(run(new Set([...ALL].filter((key) => key !== cell.permission)))).toEqual({
          ok: false,
          reason: "missing-permission",
        });
        if (cell.comment) expect(run(ALL, " ")).toEqual({ ok: false, reason: "comment-required" });
        else expect(run(ALL, null)).toMatchObject({ ok: true });
      });
    }

  it("never strands a plant item, archives from every state but archived, and declares its permissions", () => {
    for (const status of PLANT_STATUSES)
      expect(PLANT_TRANSITIONS.some((row) => row.from === status)).toBe(true);
    expect(
      PLANT_TRANSITIONS.filter((row) => row.action === "archive")
        .map((row) => row.from)
        .sort(),
    ).toEqual(PLANT_STATUSES.filter((status) => status !== "ARCHIVED").sort());
    expect(plantWorkflow.permissions).toEqual([
      "plant.register.approve",
      "plant.register.archive",
      "plant.register.close",
      "plant.register.delete",
      "plant.register.update-status",
    ]);
  });
});
