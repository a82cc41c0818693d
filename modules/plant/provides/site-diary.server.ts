import { type Provider, provide } from "~/server/extensions/contracts";
import { PlantItem } from "../entities";
import { plantPath } from "../server/plant-basics";
import { onSiteCondition } from "../server/plant-register.server";

type DiaryRow = {
  id: string;
  number: string;
  make: string;
  model: string;
  serial: string;
  status: string;
  owner: string;
};

/**
 * The site diary's "Plant on site" section: the plant items on hire on the diary's day (approved for use,
 * on-hire on or before the day, off-hire on or after it or none; archived ones are never ACTIVE), for the whole
 * project whatever the diary's location (a plant item has no place). The diary pre-fills its plant rows from it.
 */
export const provider: Provider<"site-diary.sections"> = provide("site-diary.sections", {
  sections: [
    {
      id: "plant-on-site",
      title: "plant:diary.onSite",
      permission: "plant.register.view",
      fills: "plant-rows",
      async list({ em, project, t }, { date }) {
        const on = onSiteCondition(date);
        const rows = await em.getConnection().execute<DiaryRow[]>(
          `select p.id, p."number", p.make, p.model, p.serial, p.status, c.name as owner
             from ${em.getMetadata(PlantItem).tableName} p join company c on c.id = p.owner_company_id
            where p.project_id = ? and ${on.sql}
            order by p.sequence`,
          [project.id, ...on.params],
        );
        return rows.map((row) => ({
          id: row.id,
          number: row.number,
          title: `${row.make} ${row.model}`,
          status: row.status,
          detail: t("plant:diary.detail", { serial: row.serial, owner: row.owner }),
          href: plantPath(row.id),
        }));
      },
    },
  ],
});
