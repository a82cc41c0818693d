// Cost and Commercial's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module cost-and-commercial` rewrites this file.
import { Migration20261126185352_cost_and_commercial as m0 } from "./Migration20261126185352_cost_and_commercial";

export const migrations = [{ name: "Migration20261126185352_cost_and_commercial", class: m0 }];
