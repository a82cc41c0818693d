// Lists every migration explicitly so the server build bundles them. `npm run db:migration` rewrites this file.
import { Migration20261122103129_init as m0 } from "./Migration20261122103129_init";

export const migrations = [{ name: "Migration20261122103129_init", class: m0 }];
