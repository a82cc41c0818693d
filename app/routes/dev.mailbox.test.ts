import { afterEach, describe, expect, it } from "vitest";
import { sendMail } from "~/plugins/mail/mail.server";
import { resetEnvCache } from "~/server/env";
import { setupTestDatabase } from "~/tests/setup/database";
import { type CallOptions, callLoader } from "~/tests/setup/requests";
import * as mailbox from "./dev.mailbox";

const db = setupTestDatabase();

const names = ["NODE_ENV", "APP_URL", "SMTP_URL", "MAILBOX_PAGE"] as const;
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
/** process.env as plain strings (its NODE_ENV is typed as the three values). */
const variables = process.env as Record<string, string | undefined>;

afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete variables[key];
    else variables[key] = value;
  }
  resetEnvCache();
});

function withEnv(values: Partial<Record<(typeof names)[number], string | undefined>>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete variables[key];
    else variables[key] = value;
  }
  resetEnvCache();
}

/** A browser on the server's own machine. */
const local: CallOptions = { clientAddress: "127.0.0.1", headers: { Host: "localhost:3000" } };
const open = (options: CallOptions = local) => callLoader(mailbox, "/dev/mailbox", options);

describe("/dev/mailbox", () => {
  it("is there in development without SMTP, for a browser on the same machine", async () => {
    withEnv({ NODE_ENV: "development", APP_URL: undefined, SMTP_URL: undefined, MAILBOX_PAGE: undefined });
    await sendMail(db.em, { to: "reader@siteproof.test", subject: "Set a new password", text: "link" });
    const page = await open();
    expect(page.status).toBe(200);
    expect(page.data.mails.map((mail: { subject: string }) => mail.subject)).toEqual(["Set a new password"]);
    for (const [clientAddress, host] of [
      ["::1", "[::1]:3000"],
      ["::ffff:127.0.0.1", "127.0.0.1:3000"],
      ["127.0.0.2", "localhost"],
    ])
      expect((await open({ clientAddress, headers: { Host: host } })).status).toBe(200);
  });

  it("does not exist in a production start without APP_URL, whatever the Host says", async () => {
    // APP_URL defaults to localhost, and the server listens on every interface: that said nothing.
    withEnv({ NODE_ENV: "production", APP_URL: undefined, SMTP_URL: undefined, MAILBOX_PAGE: undefined });
    expect((await open()).status).toBe(404);
    expect((await open({ clientAddress: "192.168.1.20", headers: { Host: "localhost:3000" } })).status).toBe(
      404,
    );
  });

  it("does not exist with SMTP, nor when switched off", async () => {
    withEnv({ NODE_ENV: "development", SMTP_URL: "smtp://mail.example.com:587", MAILBOX_PAGE: "true" });
    expect((await open()).status).toBe(404);
    withEnv({ NODE_ENV: "development", SMTP_URL: undefined, MAILBOX_PAGE: "false" });
    expect((await open()).status).toBe(404);
  });

  it("can be switched on (the end-to-end server), and then answers only requests made on this machine", async () => {
    withEnv({ NODE_ENV: "production", APP_URL: undefined, SMTP_URL: undefined, MAILBOX_PAGE: "true" });
    expect((await open()).status).toBe(200);
    const refused: [string, CallOptions][] = [
      ["another machine", { clientAddress: "192.168.1.20", headers: { Host: "localhost:3000" } }],
      ["an IPv6 neighbour", { clientAddress: "fe80::1", headers: { Host: "localhost:3000" } }],
      ["no address", { clientAddress: "", headers: { Host: "localhost:3000" } }],
      [
        "a proxy on this machine",
        { clientAddress: "127.0.0.1", headers: { Host: "localhost:3000", "X-Forwarded-For": "203.0.113.9" } },
      ],
      [
        "a standard proxy header",
        { clientAddress: "127.0.0.1", headers: { Host: "localhost:3000", Forwarded: "for=203.0.113.9" } },
      ],
      [
        "another site's name (DNS rebinding)",
        { clientAddress: "127.0.0.1", headers: { Host: "evil.example" } },
      ],
      [
        "the server's public name",
        { clientAddress: "127.0.0.1", headers: { Host: "siteproof.example.com" } },
      ],
      ["no Host", { clientAddress: "127.0.0.1" }],
    ];
    for (const [name, options] of refused) expect((await open(options)).status, name).toBe(404);
  });
});
