// The core's migrations, listed explicitly so the server build bundles them. `npm run db:migration` rewrites this file.
import { Migration20261122103129_init as m0 } from "./Migration20261122103129_init";
import { Migration20261122110604_administration as m1 } from "./Migration20261122110604_administration";
import { Migration20261122113701_role_kind_only as m2 } from "./Migration20261122113701_role_kind_only";
import { Migration20261122121230_job_runs as m3 } from "./Migration20261122121230_job_runs";
import { Migration20261122121309_locations as m4 } from "./Migration20261122121309_locations";
import { Migration20261124155117_rate_limit as m5 } from "./Migration20261124155117_rate_limit";
import { Migration20261124162836_security_events as m6 } from "./Migration20261124162836_security_events";
import { Migration20261126115512_document_service as m7 } from "./Migration20261126115512_document_service";
import { Migration20261126185811_acc_cost_connection as m8 } from "./Migration20261126185811_acc_cost_connection";
import { Migration20261127062135_notification_module_and_preferences as m9 } from "./Migration20261127062135_notification_module_and_preferences";

export const migrations = [
  { name: "Migration20261122103129_init", class: m0 },
  { name: "Migration20261122110604_administration", class: m1 },
  { name: "Migration20261122113701_role_kind_only", class: m2 },
  { name: "Migration20261122121230_job_runs", class: m3 },
  { name: "Migration20261122121309_locations", class: m4 },
  { name: "Migration20261124155117_rate_limit", class: m5 },
  { name: "Migration20261124162836_security_events", class: m6 },
  { name: "Migration20261126115512_document_service", class: m7 },
  { name: "Migration20261126185811_acc_cost_connection", class: m8 },
  { name: "Migration20261127062135_notification_module_and_preferences", class: m9 },
];
