import { describe, expect, it } from "vitest";
import { testEveryCell } from "~/server/workflow/testing/every-cell";
import {
  PLANT_PERMISSIONS,
  PLANT_STATUSES,
  PLANT_STEPS,
  PLANT_TRANSITIONS,
  plantWorkflow,
} from "./plant-workflow";

// The README table by hand: `state step → target @ permission-code [flags]` (server/workflow/testing).
const TABLE = `
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
`;

describe("plant workflow table", () => {
  testEveryCell({
    workflow: plantWorkflow,
    rows: PLANT_TRANSITIONS,
    states: PLANT_STATUSES,
    steps: PLANT_STEPS,
    table: TABLE,
    permissionPrefix: "plant.register.",
    permissions: Object.values(PLANT_PERMISSIONS),
  });

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
