import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/env";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader } from "~/tests/setup/requests";
import * as mailbox from "./dev.mailbox";

setupTestDatabase();

const saved = {
  APP_URL: process.env.APP_URL,
  SMTP_URL: process.env.SMTP_URL,
  MAILBOX_PAGE: process.env.MAILBOX_PAGE,
};
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
});

function withEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
}

describe("/dev/mailbox", () => {
  it("is there on a localhost product without SMTP", async () => {
    withEnv({ APP_URL: "http://localhost:3000", SMTP_URL: undefined, MAILBOX_PAGE: undefined });
    expect((await callLoader(mailbox, "/dev/mailbox")).status).toBe(200);
  });

  it("does not exist on a product others reach, nor with SMTP", async () => {
    withEnv({ APP_URL: "https://siteproof.example.com", SMTP_URL: undefined, MAILBOX_PAGE: undefined });
    expect((await callLoader(mailbox, "/dev/mailbox")).status).toBe(404);
    withEnv({
      APP_URL: "http://localhost:3000",
      SMTP_URL: "smtp://mail.example.com:587",
      MAILBOX_PAGE: undefined,
    });
    expect((await callLoader(mailbox, "/dev/mailbox")).status).toBe(404);
  });

  it("can be forced on for a demo server", async () => {
    withEnv({ APP_URL: "https://demo.example.com", SMTP_URL: undefined, MAILBOX_PAGE: "true" });
    expect((await callLoader(mailbox, "/dev/mailbox")).status).toBe(200);
  });
});
