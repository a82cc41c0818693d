import { describe } from "vitest";
import { testEveryCell } from "~/server/workflow/testing/every-cell";
import {
  CHANGE_STEPS,
  CHANGE_TRANSITIONS,
  CLAIM_STEPS,
  CLAIM_TRANSITIONS,
  changeWorkflow,
  claimWorkflow,
  DOWNSTREAM_PERMISSIONS,
  SUBCONTRACT_STEPS,
  SUBCONTRACT_TRANSITIONS,
  subcontractWorkflow,
} from "./downstream-workflow";
import { CONTRACT_STATUSES } from "./vocabularies";

// The README tables by hand: `state step → target @ permission-code [flags]`.
const SUBCONTRACT_TABLE = `
draft submit → submitted @ update-status
revise_and_resubmit submit → submitted @ update-status
submitted review → in_review @ update-status
in_review approve → approved @ update-status
in_review revise → revise_and_resubmit @ update-status comment
in_review reject → reject @ update-status comment
approved execute → executed @ update-status
executed void → void @ update-status confirm comment
draft delete → deleted @ delete confirm
`;

const CLAIM_TABLE = `
draft receive → submitted @ update-status
revise_and_resubmit receive → submitted @ update-status
submitted review → in_review @ update-status
submitted certify → approved @ update-status
in_review certify → approved @ update-status
in_review revise → revise_and_resubmit @ update-status comment
in_review reject → reject @ update-status comment
approved pay → executed @ update-status
draft withdraw → void @ update-status confirm
submitted withdraw → void @ update-status confirm
draft delete → deleted @ delete confirm
`;

const CHANGE_TABLE = `
draft submit → submitted @ update-status
submitted approve → approved @ update-status
submitted reject → reject @ update-status comment
draft delete → deleted @ delete confirm
`;

const common = {
  states: CONTRACT_STATUSES,
  permissionPrefix: "cost-and-commercial.downstream.",
  permissions: Object.values(DOWNSTREAM_PERMISSIONS),
};

describe("subcontract workflow table", () => {
  testEveryCell({
    ...common,
    workflow: subcontractWorkflow,
    rows: SUBCONTRACT_TRANSITIONS,
    steps: SUBCONTRACT_STEPS,
    table: SUBCONTRACT_TABLE,
  });
});

describe("payment claim workflow table", () => {
  testEveryCell({
    ...common,
    workflow: claimWorkflow,
    rows: CLAIM_TRANSITIONS,
    steps: CLAIM_STEPS,
    table: CLAIM_TABLE,
  });
});

describe("variation and back charge workflow table", () => {
  testEveryCell({
    ...common,
    workflow: changeWorkflow,
    rows: CHANGE_TRANSITIONS,
    steps: CHANGE_STEPS,
    table: CHANGE_TABLE,
  });
});
