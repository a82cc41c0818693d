import { describe, expect, it } from "vitest";
import {
  availableIncidentSteps,
  canLockIncident,
  canReassignIncident,
  canUnlockIncident,
  editableSections,
  INCIDENT_PERMISSIONS,
  INCIDENT_STATUSES,
  INCIDENT_STEPS,
  INCIDENT_TRANSITIONS,
  type IncidentFacts,
  type IncidentRelation,
  type IncidentStatus,
  type IncidentStep,
  incidentParties,
  incidentWorkflow,
} from "./incident-workflow";

// The lifecycle written out by hand (the README table): a change to the table must change this list.
// `state step → target @ permission-code parties [guards] [flags]`; target `deleted` means removed.
const EXPECTED = `
RAISED submit_incident → EVALUATION_BY_SHE_PERSONNEL @ update-status reporter,she,manager not-locked,she-assigned
EVALUATION_BY_SHE_PERSONNEL submit_evaluation → INVESTIGATION @ update-status she,manager not-locked
INVESTIGATION submit_investigation → SIGN_OFF @ update-status she,manager not-locked,root-cause
SIGN_OFF close → CLOSED @ close manager not-locked,signed-off
RAISED delete → deleted @ delete reporter,manager not-locked confirm
`
  .trim()
  .split("\n");

const expected = new Map(
  EXPECTED.map((line) => {
    const [state, step, , target, , code, parties, guards, ...flags] = line.split(" ");
    return [
      `${state} ${step}`,
      {
        target: target === "deleted" ? null : target,
        permission: `safety.incidents.${code}`,
        parties: parties.split(","),
        guards: guards.split(","),
        confirm: flags.includes("confirm"),
      },
    ];
  }),
);

const ALL = new Set<string>(Object.values(INCIDENT_PERMISSIONS));
const EVERYONE: IncidentRelation = { isReporter: true, isShe: true, isManager: true };
const NOBODY: IncidentRelation = { isReporter: false, isShe: false, isManager: false };
const AS: Record<string, IncidentRelation> = {
  reporter: { ...NOBODY, isReporter: true },
  she: { ...NOBODY, isShe: true },
  manager: { ...NOBODY, isManager: true },
};
const READY: IncidentFacts = { locked: false, sheAssigned: true, rootCause: true, signOffComplete: true };
/** Each guard, and the facts that make it refuse. */
const GUARD_FACTS: Record<string, Partial<IncidentFacts>> = {
  "not-locked": { locked: true },
  "she-assigned": { sheAssigned: false },
  "root-cause": { rootCause: false },
  "signed-off": { signOffComplete: false },
};

describe("incident workflow table", () => {
  it("has exactly the rows of the README table", () => {
    expect(INCIDENT_TRANSITIONS).toHaveLength(EXPECTED.length);
    for (const row of INCIDENT_TRANSITIONS) {
      const guards = Array.isArray(row.guard) ? row.guard : row.guard ? [row.guard] : [];
      expect(expected.get(`${row.from} ${row.action}`)).toEqual({
        target: row.to,
        permission: row.permission,
        parties: typeof row.party === "string" ? [row.party] : [...row.party],
        guards: guards.map((guard: { name: string }) => guard.name),
        confirm: Boolean(row.confirm),
      });
    }
  });

  // Every cell: each state × each step, with and without its permission, as each party and as nobody,
  // and with each of its guards failing.
  for (const status of INCIDENT_STATUSES)
    for (const step of INCIDENT_STEPS) {
      const cell = expected.get(`${status} ${step}`);
      it(`${status} × ${step}: ${cell ? `→ ${cell.target ?? "deleted"} (${cell.parties.join(" or ")})` : "refused"}`, () => {
        // As the server runs a step: the engine's own outcome, with the parties the user is to the incident.
        const run = (granted: ReadonlySet<string>, relation: IncidentRelation, facts = READY) =>
          incidentWorkflow.apply(status as IncidentStatus, step as IncidentStep, granted, {
            facts,
            parties: incidentParties(relation),
          });
        if (!cell) {
          expect(run(ALL, EVERYONE)).toEqual({ ok: false, reason: "not-allowed-from-state" });
          return;
        }
        const without = new Set([...ALL].filter((key) => key !== cell.permission));
        for (const [party, relation] of Object.entries(AS)) {
          const allowed = cell.parties.includes(party);
          expect(run(ALL, relation)).toEqual(
            allowed
              ? expect.objectContaining({ ok: true, to: cell.target })
              : { ok: false, reason: "not-party" },
          );
          expect(run(without, relation)).toEqual({ ok: false, reason: "missing-permission" });
        }
        expect(run(ALL, NOBODY)).toEqual({ ok: false, reason: "not-party" });
        for (const [guard, facts] of Object.entries(GUARD_FACTS)) {
          const outcome = run(ALL, EVERYONE, { ...READY, ...facts });
          if (cell.guards.includes(guard))
            expect(outcome).toMatchObject({ ok: false, reason: "guard-refused", guard });
          else expect(outcome).toMatchObject({ ok: true });
        }
      });
    }

  it("offers only the rows the user may run as who they are, none while locked", () => {
    const steps = (status: IncidentStatus, relation: IncidentRelation, locked = false, granted = ALL) =>
      availableIncidentSteps(status, locked, granted, relation).map((row) => row.action);
    expect(steps("RAISED", AS.reporter)).toEqual(["submit_incident", "delete"]);
    expect(steps("RAISED", AS.she)).toEqual(["submit_incident"]);
    expect(steps("RAISED", AS.reporter, true)).toEqual([]);
    expect(steps("EVALUATION_BY_SHE_PERSONNEL", AS.reporter)).toEqual([]);
    expect(steps("EVALUATION_BY_SHE_PERSONNEL", AS.she)).toEqual(["submit_evaluation"]);
    expect(steps("SIGN_OFF", AS.she)).toEqual([]);
    expect(steps("SIGN_OFF", AS.manager)).toEqual(["close"]);
    expect(steps("CLOSED", EVERYONE)).toEqual([]);
    expect(steps("INVESTIGATION", AS.she, false, new Set([INCIDENT_PERMISSIONS.view]))).toEqual([]);
  });

  it("declares its permissions and never strands an incident before it is closed", () => {
    expect(incidentWorkflow.permissions).toEqual([
      "safety.incidents.close",
      "safety.incidents.delete",
      "safety.incidents.update-status",
    ]);
    for (const status of INCIDENT_STATUSES.filter((status) => status !== "CLOSED"))
      expect(INCIDENT_TRANSITIONS.some((row) => row.from === status && row.to !== null)).toBe(true);
  });
});

describe("what may be edited, locked, unlocked and re-assigned", () => {
  const open = (status: IncidentStatus, locked = false) => ({ status, locked });
  const noEdit = new Set([...ALL].filter((key) => key !== INCIDENT_PERMISSIONS.edit));

  // Every state × party, unlocked and locked, with and without edit.
  const EDITS: Record<IncidentStatus, Record<string, string>> = {
    RAISED: { reporter: "basic forms injury", she: "basic forms injury", manager: "basic forms injury" },
    EVALUATION_BY_SHE_PERSONNEL: {
      reporter: "",
      she: "basic forms injury investigation",
      manager: "basic forms injury investigation",
    },
    INVESTIGATION: {
      reporter: "",
      she: "basic forms injury investigation",
      manager: "basic forms injury investigation",
    },
    SIGN_OFF: { reporter: "", she: "basic forms injury signoff", manager: "basic forms injury signoff" },
    CLOSED: {
      reporter: "",
      she: "basic forms injury investigation signoff",
      manager: "basic forms injury investigation signoff",
    },
  };
  for (const status of INCIDENT_STATUSES)
    it(`${status}: sections by party`, () => {
      for (const [party, relation] of Object.entries(AS)) {
        expect(editableSections(open(status), ALL, relation).join(" ")).toBe(EDITS[status][party]);
        expect(editableSections(open(status, true), ALL, relation)).toEqual([]);
        expect(editableSections(open(status), noEdit, relation)).toEqual([]);
      }
      expect(editableSections(open(status), ALL, NOBODY)).toEqual([]);
    });

  it("locks with lock-unlock; a closed incident is unlocked only with unlock-incident", () => {
    const only = (key: string) => new Set([key]);
    for (const status of INCIDENT_STATUSES) {
      expect(canLockIncident(open(status), only(INCIDENT_PERMISSIONS.lockUnlock))).toBe(true);
      expect(canLockIncident(open(status), only(INCIDENT_PERMISSIONS.unlockIncident))).toBe(false);
      expect(canLockIncident(open(status, true), ALL)).toBe(false);
      expect(canUnlockIncident(open(status), ALL)).toBe(false);
      const closed = status === "CLOSED";
      expect(canUnlockIncident(open(status, true), only(INCIDENT_PERMISSIONS.lockUnlock))).toBe(!closed);
      expect(canUnlockIncident(open(status, true), only(INCIDENT_PERMISSIONS.unlockIncident))).toBe(closed);
    }
  });

  it("re-assigns the SHE person with reassign-incident until closed, never while locked", () => {
    const reassign = new Set([INCIDENT_PERMISSIONS.reassignIncident]);
    for (const status of INCIDENT_STATUSES) {
      expect(canReassignIncident(open(status), reassign)).toBe(status !== "CLOSED");
      expect(canReassignIncident(open(status, true), reassign)).toBe(false);
      expect(canReassignIncident(open(status), new Set([INCIDENT_PERMISSIONS.edit]))).toBe(false);
    }
  });
});
