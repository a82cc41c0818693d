import { describe, expect, it } from "vitest";
import { setDatabase } from "~/server/db/database";
import { setupTestDatabase, unreachableDatabase } from "~/tests/setup/database";
import { callLoader } from "~/tests/setup/requests";
import * as healthz from "./healthz";

const db = setupTestDatabase();

describe("GET /healthz", () => {
  it("answers ok once the database answers", async () => {
    const result = await callLoader(healthz, "/healthz");
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ status: "ok", db: "ok" });
  });

  it("answers 503 when the database does not", async () => {
    setDatabase(await unreachableDatabase());
    try {
      const result = await callLoader(healthz, "/healthz");
      expect(result.status).toBe(503);
      expect(result.data).toEqual({ status: "error", db: "error" });
    } finally {
      setDatabase(db.db);
    }
  });
});
