// The rostering module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module rostering` rewrites this file.
import { Migration20261127055907 as m0 } from "./Migration20261127055907";
// Shared accommodation (global settings).
import { Migration20261127094500_shared_accommodation as mSharedAccommodation } from "./Migration20261127094500_shared_accommodation";

export const migrations = [
  { name: "Migration20261127055907", class: m0 },
  // Shared accommodation (global settings).
  { name: "Migration20261127094500_shared_accommodation", class: mSharedAccommodation },
];
