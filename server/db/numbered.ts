import { type Opt, p } from "@mikro-orm/core";

/**
 * A register's numbered record: "ACT-0001", "LOT-0001"… per project (server/db/counters), and the number's
 * digits kept by the database (`sequence`), so the register sorts "ACT-10000" after "ACT-9999".
 */
export const numberedProperties = () => ({
  number: p.string().length(20),
  sequence: p
    .integer()
    .$type<Opt<number>>()
    // Written as PostgreSQL reports it back, so the schema check sees no change.
    .generated(`(("substring"(("number")::text, '[0-9]+$'::text))::integer) stored`),
});

/**
 * The register's search (number or title, any part, any case) on a trigram index of the table: an
 * `ilike '%…%'` on either column is answered from the index on a register of a hundred thousand rows.
 * The table's migration needs `create extension if not exists pg_trgm`.
 */
export const numberOrTitleSearchIndex = (table: string) => ({
  name: `${table}_search_trgm_index`,
  expression: `create index "${table}_search_trgm_index" on "${table}" using gin ((("number")::text || ' ' || ("title")::text) gin_trgm_ops)`,
});
