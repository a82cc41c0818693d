// The quality module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module quality` rewrites this file.
import { Migration20261122133751_quality as m0 } from "./Migration20261122133751_quality";
import { Migration20261124134234_lot_register_orders as m1 } from "./Migration20261124134234_lot_register_orders";
import { Migration20261124155216_lot_status_totals as m2 } from "./Migration20261124155216_lot_status_totals";
import { Migration20261124172330_ncr as m3 } from "./Migration20261124172330_ncr";
import { Migration20261124172341_defects as m4 } from "./Migration20261124172341_defects";
import { Migration20261124172456_lot_inspection_points as m5 } from "./Migration20261124172456_lot_inspection_points";
import { Migration20261124173526_lot_ncr_raised as m6 } from "./Migration20261124173526_lot_ncr_raised";
import { Migration20261126021439_inspection_point_release as m7 } from "./Migration20261126021439_inspection_point_release";
import { Migration20261126021853_lot_client_links as m8 } from "./Migration20261126021853_lot_client_links";
import { Migration20261126024829_hp_wp_register as m9 } from "./Migration20261126024829_hp_wp_register";

export const migrations = [
  { name: "Migration20261122133751_quality", class: m0 },
  { name: "Migration20261124134234_lot_register_orders", class: m1 },
  { name: "Migration20261124155216_lot_status_totals", class: m2 },
  { name: "Migration20261124172330_ncr", class: m3 },
  { name: "Migration20261124172341_defects", class: m4 },
  { name: "Migration20261124172456_lot_inspection_points", class: m5 },
  { name: "Migration20261124173526_lot_ncr_raised", class: m6 },
  { name: "Migration20261126021439_inspection_point_release", class: m7 },
  { name: "Migration20261126021853_lot_client_links", class: m8 },
  { name: "Migration20261126024829_hp_wp_register", class: m9 },
];
