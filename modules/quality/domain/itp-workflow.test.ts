import { describe, expect, it } from "vitest";
import {
  applyItpAction,
  availableItpActions,
  ITP_ACTIONS,
  ITP_INITIAL_STATUS,
  ITP_NOTIFICATION_EVENTS,
  ITP_STATUSES,
  ITP_TRANSITIONS,
  ITP_WORKFLOW_PERMISSIONS,
  type ItpAction,
  type ItpStatus,
  itpNotificationFor,
} from "./itp-workflow";

// The ITP workflow written out by hand (the README table).
// `from action → to @ permission-code [flags] [event>audience,audience]`
const EXPECTED = `
draft submit_for_review → internal_review @ edit itp-submitted>quality-reviewers
internal_review internal_approve_send_external → external_review @ internal-review itp-internal-approved-send-external>submitter,client-reviewers
internal_review internal_approve_activate → active @ internal-review itp-internal-approved-send-internal>submitter
internal_review internal_reject → rejected_by_quality @ internal-review comment itp-internal-rejected>submitter
external_review external_approve → active @ external-review itp-external-approved>submitter,quality-reviewers
external_review external_reject → rejected_by_client @ external-review comment itp-external-rejected>submitter,quality-reviewers
rejected_by_quality revise → draft @ edit
rejected_by_client revise → draft @ edit
draft archive → archived @ archive confirm
active archive → archived @ archive confirm
rejected_by_quality archive → archived @ archive confirm
rejected_by_client archive → archived @ archive confirm
archived restore → draft @ archive
`
  .trim()
  .split("\n");

type Row = (typeof ITP_TRANSITIONS)[number];
const describeRow = (row: Row) =>
  [
    `${row.from} ${row.action} → ${row.to} @ ${row.permission.replace("quality.itp.", "")}`,
    row.confirm ? "confirm" : "",
    row.requiresComment ? "comment" : "",
    row.notification ? `${row.notification.event}>${row.notification.to.join(",")}` : "",
  ]
    .filter(Boolean)
    .join(" ");

const expected = new Map(
  EXPECTED.map((line) => {
    const [from, action, , to, , code] = line.split(" ");
    return [`${from} ${action}`, { to: to as ItpStatus, permission: `quality.itp.${code}` }];
  }),
);

const ALL_PAIRS = ITP_STATUSES.flatMap((status) =>
  ITP_ACTIONS.map((action) => ({ key: `${status} ${action}`, status, action })),
);
const EVERYTHING = new Set(ITP_WORKFLOW_PERMISSIONS);
const COMMENT = { comment: "Hold point 4 needs the client's witness" };
const ROWS = ITP_TRANSITIONS.map((row) => ({ name: describeRow(row), row }));

describe("ITP transition table", () => {
  it("is exactly the documented workflow, notifications included", () => {
    expect(ITP_TRANSITIONS.map(describeRow).sort()).toEqual([...EXPECTED].sort());
  });

  it("has no duplicate (from, action) rows", () => {
    const keys = ITP_TRANSITIONS.map((row) => `${row.from} ${row.action}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("uses the spec 6 action codes under quality.itp", () => {
    expect(ITP_WORKFLOW_PERMISSIONS).toEqual([
      "quality.itp.archive",
      "quality.itp.edit",
      "quality.itp.external-review",
      "quality.itp.internal-review",
    ]);
  });

  it("reaches every status from a draft", () => {
    const seen = new Set<ItpStatus>([ITP_INITIAL_STATUS]);
    const queue: ItpStatus[] = [ITP_INITIAL_STATUS];
    while (queue.length) {
      for (const row of availableItpActions(queue.shift()!, EVERYTHING)) {
        if (row.to && !seen.has(row.to)) {
          seen.add(row.to);
          queue.push(row.to);
        }
      }
    }
    expect(seen).toEqual(new Set(ITP_STATUSES));
  });
});

describe("applyItpAction on every (status, action) cell", () => {
  it("covers the whole grid", () => {
    expect(ALL_PAIRS).toHaveLength(ITP_STATUSES.length * ITP_ACTIONS.length);
  });

  it.each(ALL_PAIRS)("$key", ({ key, status, action }) => {
    const cell = expected.get(key);
    const result = applyItpAction(status, action, EVERYTHING, COMMENT);
    if (!cell) {
      expect(result).toEqual({ ok: false, reason: "not-allowed-from-state" });
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.to).toBe(cell.to);
    expect(result.row.permission).toBe(cell.permission);
  });
});

describe("guards", () => {
  it.each(ROWS)("missing permission refuses: $name", ({ row }) => {
    const withoutIt = new Set(ITP_WORKFLOW_PERMISSIONS.filter((key) => key !== row.permission));
    expect(applyItpAction(row.from, row.action, withoutIt, COMMENT)).toEqual({
      ok: false,
      reason: "missing-permission",
    });
    expect(applyItpAction(row.from, row.action, new Set([row.permission]), COMMENT).ok).toBe(true);
  });

  it.each(ROWS)("comment rule: $name", ({ row }) => {
    for (const comment of [undefined, "", "  "]) {
      const result = applyItpAction(row.from, row.action, EVERYTHING, { comment });
      if (row.requiresComment) expect(result).toEqual({ ok: false, reason: "comment-required" });
      else expect(result.ok).toBe(true);
    }
  });

  it("asks for a reason on both rejections and confirmation on archive only", () => {
    const commented = new Set(ITP_TRANSITIONS.filter((row) => row.requiresComment).map((row) => row.action));
    expect(commented).toEqual(new Set<ItpAction>(["internal_reject", "external_reject"]));
    const confirmed = new Set(ITP_TRANSITIONS.filter((row) => row.confirm).map((row) => row.action));
    expect(confirmed).toEqual(new Set<ItpAction>(["archive"]));
  });

  it("offers nothing to a reviewer without the review permission", () => {
    expect(availableItpActions("internal_review", new Set(["quality.itp.edit"]))).toEqual([]);
    expect(availableItpActions("external_review", new Set(["quality.itp.internal-review"]))).toEqual([]);
    expect(
      availableItpActions("internal_review", new Set(["quality.itp.internal-review"])).map(
        (row) => row.action,
      ),
    ).toEqual(["internal_approve_send_external", "internal_approve_activate", "internal_reject"]);
  });
});

describe("notifications", () => {
  it("emits each of the six spec events from exactly one action", () => {
    const emitted = ITP_ACTIONS.map(itpNotificationFor).flatMap((n) => (n ? [n.event] : []));
    expect([...emitted].sort()).toEqual([...ITP_NOTIFICATION_EVENTS].sort());
  });

  it.each([
    ["submit_for_review", "itp-submitted", ["quality-reviewers"]],
    [
      "internal_approve_send_external",
      "itp-internal-approved-send-external",
      ["submitter", "client-reviewers"],
    ],
    ["internal_approve_activate", "itp-internal-approved-send-internal", ["submitter"]],
    ["internal_reject", "itp-internal-rejected", ["submitter"]],
    ["external_approve", "itp-external-approved", ["submitter", "quality-reviewers"]],
    ["external_reject", "itp-external-rejected", ["submitter", "quality-reviewers"]],
  ] as const)("%s sends %s to %j", (action, event, to) => {
    expect(itpNotificationFor(action)).toEqual({ event, to });
  });

  it.each(["revise", "archive", "restore"] as const)("%s sends nothing", (action) => {
    expect(itpNotificationFor(action)).toBeNull();
  });

  it("gives the same notification in the result row as itpNotificationFor", () => {
    for (const row of ITP_TRANSITIONS) {
      const result = applyItpAction(row.from, row.action, EVERYTHING, COMMENT);
      expect(result.ok && result.row.notification).toEqual(itpNotificationFor(row.action) ?? undefined);
    }
  });
});
