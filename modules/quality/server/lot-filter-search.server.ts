import type { EntityManager } from "@mikro-orm/postgresql";
import { escapeLike } from "~/server/db/like";
import { isUuid } from "~/server/http/responses";
import { LOT_SEARCH_FILTERS, type LotSearchFilter, lotFilterTextParam } from "./lot-basics";

/**
 * The register's long filters (lot type, ITP, work pack) are searched, not listed: a project can have
 * hundreds of each, and the page would carry them all. The picker asks for the values matching what the
 * user types (`searchLotFilter`); without JavaScript the typed text is sent with the filter form and the
 * register turns it into the same values (`resolveTypedLotFilters`).
 */

export type LotFilterChoice = { value: string; label: string };

/** Enough to pick from while typing; a longer list means the text should be longer. */
export const LOT_FILTER_SEARCH_LIMIT = 20;
/** The longest text searched (the columns are 100 long; an ITP's title 200). */
const TEXT_MAX = 200;

const COLUMNS = { type: "lot_type", workPack: "work_pack" } as const;

/**
 * The project's values of a lot column containing the text (any case), in order. A loose index scan on
 * (project, column): one index probe per distinct value, however many lots share them.
 */
async function searchLotColumn(
  em: EntityManager,
  projectId: string,
  column: (typeof COLUMNS)[keyof typeof COLUMNS],
  text: string,
  limit: number,
): Promise<LotFilterChoice[]> {
  const rows = await em.execute<{ value: string }[]>(
    `with recursive found(value) as (
       (select ${column} from lot where project_id = ? and ${column} is not null order by ${column} limit 1)
       union all
       select (select ${column} from lot where project_id = ? and ${column} > found.value order by ${column} limit 1)
       from found where found.value is not null
     ) select value from found where value is not null and value ilike ? order by value limit ?`,
    [projectId, projectId, `%${escapeLike(text)}%`, limit],
  );
  return rows.map(({ value }) => ({ value, label: value }));
}

const itpLabel = (itp: { number: string; title: string }) => `${itp.number} ${itp.title}`;

async function searchItps(
  em: EntityManager,
  projectId: string,
  text: string,
  limit: number,
): Promise<LotFilterChoice[]> {
  const rows = await em.execute<{ id: string; number: string; title: string }[]>(
    `select id, "number", title from itp where project_id = ? and ("number" || ' ' || title) ilike ?
     order by "number" limit ?`,
    [projectId, `%${escapeLike(text)}%`, limit],
  );
  return rows.map((itp) => ({ value: itp.id, label: itpLabel(itp) }));
}

/** The filter's values matching the text (all of them, up to the limit, for an empty text). */
export function searchLotFilter(
  em: EntityManager,
  projectId: string,
  filter: LotSearchFilter,
  text: string,
  limit = LOT_FILTER_SEARCH_LIMIT,
): Promise<LotFilterChoice[]> {
  const searched = text.trim().slice(0, TEXT_MAX);
  return filter === "itp"
    ? searchItps(em, projectId, searched, limit)
    : searchLotColumn(em, projectId, COLUMNS[filter], searched, limit);
}

/** The chosen ITPs with their labels (the register shows them checked); ids of other projects are left out. */
export async function itpChoices(
  em: EntityManager,
  projectId: string,
  ids: readonly string[],
): Promise<LotFilterChoice[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await em.execute<{ id: string; number: string; title: string }[]>(
    `select id, "number", title from itp where project_id = ? and id in (${valid.map(() => "?").join(", ")})
     order by "number"`,
    [projectId, ...valid],
  );
  return rows.map((itp) => ({ value: itp.id, label: itpLabel(itp) }));
}

/** The texts typed into the filters' search boxes and sent with the form (JavaScript off), by filter. */
export function typedLotFilters(searchParams: URLSearchParams): Partial<Record<LotSearchFilter, string>> {
  const typed: Partial<Record<LotSearchFilter, string>> = {};
  for (const filter of LOT_SEARCH_FILTERS) {
    const text = (searchParams.get(lotFilterTextParam(filter)) ?? "").trim();
    if (text) typed[filter] = text;
  }
  return typed;
}

/** Each typed text as the values the picker would have offered for it. */
export async function resolveTypedLotFilters(
  em: EntityManager,
  projectId: string,
  typed: Partial<Record<LotSearchFilter, string>>,
): Promise<Partial<Record<LotSearchFilter, string[]>>> {
  const entries = await Promise.all(
    Object.entries(typed).map(async ([filter, text]) => {
      const choices = await searchLotFilter(em, projectId, filter as LotSearchFilter, text ?? "");
      return [filter, choices.map((choice) => choice.value)] as const;
    }),
  );
  return Object.fromEntries(entries);
}
