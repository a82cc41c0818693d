import { describe, expect, it } from "vitest";
import { registry } from "./index";

/**
 * Every route with its access rule. A change to this snapshot is a permission change: review it as one.
 */
describe("route access snapshot", () => {
  it("matches the reviewed access of every route", () => {
    const table = registry()
      .routes.map((route) => {
        const permission = Array.isArray(route.permission)
          ? `any of ${route.permission.join(", ")}`
          : (route.permission ?? "-");
        return `${route.path.padEnd(40)} ${route.access.padEnd(14)} ${permission}`;
      })
      .sort()
      .join("\n");
    expect(`\n${table}\n`).toMatchSnapshot();
  });
});
