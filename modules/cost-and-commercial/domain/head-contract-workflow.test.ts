import { describe } from "vitest";
import { testEveryCell } from "~/server/workflow/testing/every-cell";
import {
  HEAD_CLAIM_STEPS,
  HEAD_CLAIM_TRANSITIONS,
  HEAD_CONTRACT_STEPS,
  HEAD_CONTRACT_TRANSITIONS,
  headClaimWorkflow,
  headContractWorkflow,
  RFA_STEPS,
  RFA_TRANSITIONS,
  rfaWorkflow,
  UPSTREAM_PERMISSIONS,
} from "./head-contract-workflow";
import { CONTRACT_STATUSES, RFA_STATUSES } from "./vocabularies";

// The README tables by hand: `state step → target @ permission-code [flags]` (server/workflow/testing).
const CONTRACT_TABLE = `
draft submit → submitted @ update-status
revise_and_resubmit submit → submitted @ update-status
submitted review → in_review @ update-status
in_review approve → approved @ update-status
in_review revise → revise_and_resubmit @ update-status comment
in_review reject → reject @ update-status comment
approved execute → executed @ update-status confirm
draft void → void @ update-status confirm
submitted void → void @ update-status confirm
in_review void → void @ update-status confirm
revise_and_resubmit void → void @ update-status confirm
approved void → void @ update-status confirm
`;

const CLAIM_TABLE = `
draft submit → submitted @ update-status
revise_and_resubmit submit → submitted @ update-status
submitted review → in_review @ update-status
in_review approve → approved @ update-status
in_review revise → revise_and_resubmit @ update-status comment
in_review reject → reject @ update-status comment
draft void → void @ update-status confirm
submitted void → void @ update-status confirm
revise_and_resubmit void → void @ update-status confirm
draft delete → deleted @ delete confirm
`;

const RFA_TABLE = `
draft submit → submitted @ update-status
submitted review → in_review @ update-status
in_review answer → answered @ update-status
in_review reject → rejected @ update-status comment
answered close → closed @ update-status
rejected close → closed @ update-status
draft void → void @ update-status confirm
submitted void → void @ update-status confirm
`;

const common = {
  permissionPrefix: "cost-and-commercial.upstream.",
  permissions: Object.values(UPSTREAM_PERMISSIONS),
};

describe("head contract workflow table", () => {
  testEveryCell({
    workflow: headContractWorkflow,
    rows: HEAD_CONTRACT_TRANSITIONS,
    states: CONTRACT_STATUSES,
    steps: HEAD_CONTRACT_STEPS,
    table: CONTRACT_TABLE,
    ...common,
  });
});

describe("head contract claim workflow table", () => {
  testEveryCell({
    workflow: headClaimWorkflow,
    rows: HEAD_CLAIM_TRANSITIONS,
    states: CONTRACT_STATUSES,
    steps: HEAD_CLAIM_STEPS,
    table: CLAIM_TABLE,
    ...common,
  });
});

describe("request for approval workflow table", () => {
  testEveryCell({
    workflow: rfaWorkflow,
    rows: RFA_TRANSITIONS,
    states: RFA_STATUSES,
    steps: RFA_STEPS,
    table: RFA_TABLE,
    ...common,
  });
});
