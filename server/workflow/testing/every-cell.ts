import { expect, it } from "vitest";
import type { TransitionRow, Workflow } from "../transition-table";

/**
 * A workflow table's tests, from the table written out by hand (the module README's): one line per row,
 * `state step → target @ permission-code [confirm] [comment]`, target `deleted` for a step that removes the
 * record. A change to the table must change that text, and every state × step cell is tested against it:
 * allowed with its permission and refused without it (and offered or not by `available`), a reason required
 * where the row asks one, and every other cell refused from its state.
 */

type ExpectedCell = { target: string | null; permission: string; confirm: boolean; comment: boolean };

/** The hand-written table as cells by `state step`, each permission `prefix` + its code. */
export function expectedCells(table: string, permissionPrefix: string): Map<string, ExpectedCell> {
  return new Map(
    table
      .trim()
      .split("\n")
      .map((line) => {
        const [state, step, , target, , code, ...flags] = line.trim().split(/\s+/);
        return [
          `${state} ${step}`,
          {
            target: target === "deleted" ? null : target,
            permission: `${permissionPrefix}${code}`,
            confirm: flags.includes("confirm"),
            comment: flags.includes("comment"),
          },
        ];
      }),
  );
}

type Row<S, A extends string> = TransitionRow<S, A> & { confirm?: boolean; requiresComment?: boolean };

/** Declares, inside a `describe`, the test of the table's rows and one test per state × step cell. */
export function testEveryCell<S extends string, A extends string>(options: {
  workflow: Workflow<S, A, Row<S, A>>;
  rows: readonly Row<S, A>[];
  states: readonly S[];
  steps: readonly A[];
  /** The hand-written table (see above). */
  table: string;
  permissionPrefix: string;
  /** Every permission of the workflow: the actor of each cell holds all of them, or all but the cell's own. */
  permissions: readonly string[];
}) {
  const expected = expectedCells(options.table, options.permissionPrefix);
  const all = new Set(options.permissions);
  const { workflow } = options;

  it("has exactly the rows of the README table", () => {
    expect(options.rows).toHaveLength(expected.size);
    for (const row of options.rows)
      expect(expected.get(`${row.from} ${row.action}`)).toEqual({
        target: row.to,
        permission: row.permission,
        confirm: Boolean(row.confirm),
        comment: Boolean(row.requiresComment),
      });
  });

  for (const state of options.states)
    for (const step of options.steps) {
      const cell = expected.get(`${state} ${step}`);
      it(`${state} × ${step}: ${cell ? `→ ${cell.target ?? "deleted"}` : "refused"}`, () => {
        const offered = (granted: ReadonlySet<string>) =>
          workflow.available(state, granted).map((row) => row.action);
        const run = (granted: ReadonlySet<string>, comment: string | null = "Why") =>
          workflow.apply(state, step, granted, { comment });
        if (!cell) {
          expect(run(all)).toEqual({ ok: false, reason: "not-allowed-from-state" });
          expect(offered(all)).not.toContain(step);
          return;
        }
        expect(run(all)).toEqual(expect.objectContaining({ ok: true, to: cell.target }));
        expect(offered(all)).toContain(step);
        const without = new Set([...all].filter((key) => key !== cell.permission));
        expect(run(without)).toEqual({ ok: false, reason: "missing-permission" });
        expect(offered(without)).not.toContain(step);
        if (cell.comment) expect(run(all, " ")).toEqual({ ok: false, reason: "comment-required" });
        else expect(run(all, null)).toMatchObject({ ok: true });
      });
    }
}
