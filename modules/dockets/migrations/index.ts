// The dockets module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module dockets` rewrites this file.
import { Migration20261126185335_dockets as m0 } from "./Migration20261126185335_dockets";
import { Migration20261126193000_docket_signing_links as m1 } from "./Migration20261126193000_docket_signing_links";

export const migrations = [
  { name: "Migration20261126185335_dockets", class: m0 },
  { name: "Migration20261126193000_docket_signing_links", class: m1 },
];
