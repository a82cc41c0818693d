// The quality module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module quality` rewrites this file.
import { Migration20261122133751_quality as m0 } from "./Migration20261122133751_quality";

export const migrations = [{ name: "Migration20261122133751_quality", class: m0 }];
