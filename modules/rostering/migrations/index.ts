// The rostering module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module rostering` rewrites this file.
import { Migration20261127055907 as m0 } from "./Migration20261127055907";
import { Migration20261127093403 as m1 } from "./Migration20261127093403";
import { Migration20261127094500_shared_accommodation as m2 } from "./Migration20261127094500_shared_accommodation";

export const migrations = [
  { name: "Migration20261127055907", class: m0 },
  { name: "Migration20261127093403", class: m1 },
  { name: "Migration20261127094500_shared_accommodation", class: m2 },
];
