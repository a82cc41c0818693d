import { defineEntity, type InferEntity, p } from "@mikro-orm/core";

/**
 * The counters of rate-limiter-flexible's RateLimiterPostgres (server/auth/rate-limit.server.ts): one row
 * per limited key (`signin-email:<email>`, `signin-address:<address>`), which every server process reads
 * and writes. The library queries it with its own SQL and inserts by position (key, points, expire), so the
 * columns keep its names, types and order; our migration makes the table (the library is told not to).
 */
export const RateLimit = defineEntity({
  name: "RateLimit",
  properties: {
    /** text, not the library's varchar(255): an email of 254 characters still fits after its prefix. */
    key: p.text().primary(),
    points: p.integer().default(0),
    /** When the window ends, in milliseconds since 1970 (the library's clock); null never ends. */
    expire: p.bigint().nullable(),
  },
});
export type IRateLimit = InferEntity<typeof RateLimit>;
