import type { EntityManager } from "@mikro-orm/postgresql";

/** The docket form's and register's companies (a file of its own: the register loads without the extensions). */

export type Choice = { value: string; label: string };
export type CompanyChoice = Choice & { taxId: string | null };

/** The companies a docket may name: the project's own and its members' (subcontractors and suppliers). */
export async function docketCompanyChoices(em: EntityManager, projectId: string): Promise<CompanyChoice[]> {
  const rows = await em.execute<{ id: string; name: string; tax_id: string | null }[]>(
    `select c.id, c.name, c.tax_id from company c
      where c.id in (select m.company_id from project_member m where m.project_id = ? and m.company_id is not null)
         or c.id = (select company_id from project where id = ?)
      order by c.name, c.id`,
    [projectId, projectId],
  );
  return rows.map((row) => ({ value: row.id, label: row.name, taxId: row.tax_id }));
}
