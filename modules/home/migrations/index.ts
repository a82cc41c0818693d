// The home module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module home` rewrites this file.
import { Migration20261127062000_home_widget_settings as m0 } from "./Migration20261127062000_home_widget_settings";

export const migrations = [{ name: "Migration20261127062000_home_widget_settings", class: m0 }];
