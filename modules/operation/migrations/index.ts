// The operation module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module operation` rewrites this file.
import { Migration20261126161000_in_out as m0 } from "./Migration20261126161000_in_out";

export const migrations = [{ name: "Migration20261126161000_in_out", class: m0 }];
