// The help module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module help` rewrites this file.
import { Migration20261127055825_help as m0 } from "./Migration20261127055825_help";

export const migrations = [{ name: "Migration20261127055825_help", class: m0 }];
