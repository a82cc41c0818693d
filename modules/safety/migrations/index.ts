// The safety module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module safety` rewrites this file.
import { Migration20261126023553_actions as m0 } from "./Migration20261126023553_actions";
import { Migration20261126054835_incidents as m1 } from "./Migration20261126054835_incidents";

export const migrations = [
  { name: "Migration20261126023553_actions", class: m0 },
  { name: "Migration20261126054835_incidents", class: m1 },
];
