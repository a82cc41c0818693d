import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AccDocumentService } from "./acc-client.server";
import { type FakeAcc, startFakeAcc } from "./testing/fake-acc-server";

let fake: FakeAcc;
beforeEach(async () => {
  fake = await startFakeAcc();
});
afterEach(async () => {
  await fake.close();
});

const client = (overrides: Partial<{ clientSecret: string; projectId: string }> = {}) =>
  new AccDocumentService(
    {
      hubId: fake.hubId,
      projectId: overrides.projectId ?? fake.projectId,
      clientId: fake.clientId,
      clientSecret: overrides.clientSecret ?? fake.clientSecret,
      baseUrl: fake.url,
    },
    { retries: 2, minTimeoutMs: 5 },
  );

const report = (text: string) => {
  const bytes = Buffer.from(text);
  return {
    stream: Readable.from([bytes]),
    size: bytes.length,
    fileName: "AUD-0001 report.pdf",
    contentType: "application/pdf",
  };
};
const destination = {
  projectId: "00000000-0000-4000-8000-000000000001",
  folderPath: "Project Files/Safety/Audits",
};

describe("ACC Docs client against the fake ACC server", () => {
  it("signs in, finds the folder (making missing sub-folders), uploads and creates the first version", async () => {
    const sent = await client().send(report("first"), destination);
    expect(sent.outcome).toBe("created");
    expect(sent.reference).toMatch(/^urn:adsk\.wipprod:fs\.file:vf\..+\?version=1$/);
    expect(sent.url).toMatch(/^https:\/\/acc\.example\/docs\/files\//);
    expect(fake.calls).toEqual([
      "token",
      "topFolders",
      "contents",
      "folders",
      "contents",
      "folders",
      "storage",
      "signedGet",
      "put",
      "signedPost",
      "contents",
      "items",
    ]);
    expect([...fake.uploads.values()].map(String)).toEqual(["first"]);
    const audits = fake.folders.find((folder) => folder.name === "Audits");
    expect(fake.items).toMatchObject([{ name: "AUD-0001 report.pdf", folderId: audits?.id }]);
  });

  it("adds a version when the folder already holds a file of that name, reusing its token and folders", async () => {
    const service = client();
    await service.send(report("first"), destination);
    fake.calls.length = 0;
    const sent = await service.send(report("second"), destination);
    expect(sent.outcome).toBe("versioned");
    expect(sent.reference).toMatch(/\?version=2$/);
    expect(fake.calls).not.toContain("token");
    expect(fake.calls).not.toContain("folders");
    expect(fake.calls.at(-1)).toBe("versions");
    expect(fake.items).toHaveLength(1);
    expect(fake.items[0].versions).toHaveLength(2);
  });

  it("waits and retries when ACC answers 429 with Retry-After, then succeeds", async () => {
    fake.failNext("storage", { status: 429, retryAfter: "1" });
    const started = Date.now();
    const sent = await client().send(report("busy"), destination);
    expect(sent.outcome).toBe("created");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.calls.filter((call) => call === "storage")).toHaveLength(2);
  });

  it("retries a failed upload with the bytes read again", async () => {
    fake.failNext("put", { status: 503 });
    const file = { ...report("again"), reopen: async () => Readable.from([Buffer.from("again")]) };
    await client().send(file, destination);
    expect([...fake.uploads.values()].map(String)).toEqual(["again"]);
  });

  it("gives up after the retries with a clear error when ACC keeps failing", async () => {
    fake.failNext("items", { status: 500 }, { status: 502 }, { status: 500 });
    await expect(client().send(report("down"), destination)).rejects.toThrow(
      /Creating the document failed: HTTP 500 .*gave up after 3 attempts/,
    );
    expect(fake.calls.filter((call) => call === "items")).toHaveLength(3);
  });

  it("does not retry what retrying cannot fix (wrong secret), and says so", async () => {
    await expect(client({ clientSecret: "wrong" }).send(report("x"), destination)).rejects.toThrow(
      /ACC sign-in failed: HTTP 401/,
    );
    expect(fake.calls).toEqual(["token"]);
  });

  it("names a top folder that does not exist", async () => {
    await expect(client().send(report("x"), { ...destination, folderPath: "Nowhere/Else" })).rejects.toThrow(
      'ACC has no top folder named "Nowhere"',
    );
  });

  it("reports its status: the top folders, or why it cannot connect", async () => {
    expect(await client().status()).toEqual({ ok: true, detail: "Project Files, Plans" });
    const wrong = await client({ projectId: "b.unknown" }).status();
    expect(wrong).toMatchObject({ ok: false });
    if (!wrong.ok) expect(wrong.error).toMatch(/top folders failed: HTTP 404/);
  });
});
