import { describe, expect, it } from "vitest";
import { registry } from "./index";
import { isWorkflowRule, type PermissionRef } from "./registry";

const shown = (ref: PermissionRef | undefined) =>
  ref === undefined ? "-" : typeof ref === "string" ? ref : `any of ${ref.join(", ")}`;

/**
 * Every route with its access rule, each intent its action accepts with what the intent needs, and every
 * workflow step with its permission. A change to this snapshot is a permission change: review it as one.
 */
describe("route access snapshot", () => {
  it("matches the reviewed access of every route", () => {
    const table = registry()
      .routes.map((route) => {
        const line = `${route.path.padEnd(40)} ${route.access.padEnd(14)} ${shown(route.permission)}`;
        const intents = Object.entries(route.intents ?? {})
          .sort(([a], [b]) => a.localeCompare(b))
          .map(
            ([intent, rule]) =>
              `${route.path.padEnd(40)}   intent ${intent.padEnd(22)} ${
                isWorkflowRule(rule)
                  ? `a step of the ${rule.workflow} workflow${rule.actionField ? ` named by "${rule.actionField}"` : ""}, as its table allows`
                  : shown(rule)
              }`,
          );
        return [line, ...intents].join("\n");
      })
      .sort()
      .join("\n");
    expect(`\n${table}\n`).toMatchSnapshot();
  });

  it("matches the reviewed permission of every workflow step", () => {
    const steps = [...registry().workflows.values()].flatMap((workflow) =>
      workflow.rows.map(
        (row) =>
          `${workflow.moduleId}:${workflow.name}  ${workflow.stateKey(row.from as never).padEnd(34)} ${row.action.padEnd(32)} ${(row.to === null ? "(deleted)" : workflow.stateKey(row.to as never)).padEnd(34)} ${row.permission}`,
      ),
    );
    expect(`\n${steps.join("\n")}\n`).toMatchSnapshot();
  });
});
