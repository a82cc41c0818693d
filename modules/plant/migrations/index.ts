// The plant module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module plant` rewrites this file.
import { Migration20261126160000_plant as m0 } from "./Migration20261126160000_plant";

export const migrations = [{ name: "Migration20261126160000_plant", class: m0 }];
