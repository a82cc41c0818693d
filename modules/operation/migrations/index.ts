// The operation module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module operation` rewrites this file.
import { Migration20261126160000_site_diary as m0 } from "./Migration20261126160000_site_diary";
import { Migration20261126161000_in_out as m1 } from "./Migration20261126161000_in_out";

export const migrations = [
  { name: "Migration20261126160000_site_diary", class: m0 },
  { name: "Migration20261126161000_in_out", class: m1 },
];
