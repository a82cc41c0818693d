import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer, text } from "node:stream/consumers";
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UploadTooLarge } from "~/server/uploads/errors";
import { parseUpload } from "~/server/uploads/parse-upload.server";
import { newStorageKey, StorageKeyInvalid } from "./file-storage";
import { S3BucketStorage, s3OptionsFromUrl } from "./s3-bucket.server";

/**
 * The S3 storage against s3rver, a server on loopback that speaks the S3 HTTP API (signed requests,
 * PutObject, the multipart upload calls, GetObject, DeleteObject, ListObjectsV2).
 */

const BUCKET = "siteproof-test";
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const MB = 1024 * 1024;

let directory: string;
let server: S3rver;
let storageUrl: string;
let inspector: S3Client;
let bucketNumber = 0;
let bucketPrefix: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "siteproof-s3-"));
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  storageUrl = `s3://${BUCKET}/files?endpoint=${encodeURIComponent(endpoint)}&region=ap-southeast-2`;
  inspector = new S3Client({ ...s3OptionsFromUrl(storageUrl, CREDENTIALS).client });
});

afterAll(async () => {
  inspector?.destroy();
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

// Each test writes under a prefix of its own, so "nothing left behind" is read from a clean folder.
beforeEach(() => {
  bucketNumber += 1;
  bucketPrefix = `files-${bucketNumber}`;
});

const storageFor = () =>
  new S3BucketStorage({ ...s3OptionsFromUrl(storageUrl, CREDENTIALS), prefix: bucketPrefix });

async function objectsLeft() {
  const listed = await inspector.send(
    new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${bucketPrefix}/` }),
  );
  return (listed.Contents ?? []).map((object) => object.Key);
}

const failingAfter = (bytes: number) => {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error("connection lost"));
        return;
      }
      sent += MB;
      this.push(Buffer.alloc(MB, 1));
    },
  });
};

describe("S3-compatible bucket storage", () => {
  it("reads its bucket, prefix, endpoint and region from STORAGE_URL", () => {
    const options = s3OptionsFromUrl(
      "s3://site-files/siteproof/prod?endpoint=http%3A%2F%2Fminio%3A9000&region=ap-southeast-2",
      CREDENTIALS,
    );
    expect(options.bucket).toBe("site-files");
    expect(options.prefix).toBe("siteproof/prod");
    expect(options.client).toMatchObject({
      endpoint: "http://minio:9000",
      region: "ap-southeast-2",
      forcePathStyle: true,
      credentials: CREDENTIALS,
    });
    expect(() => s3OptionsFromUrl("https://bucket/x")).toThrow("s3://");
  });

  it("stores a stream under the prefix with its type, and reads it back with its size", async () => {
    const storage = storageFor();
    const key = newStorageKey();
    const { size } = await storage.put(key, Readable.from(["site ", "diary"]), { contentType: "text/plain" });
    expect(size).toBe(10);
    const stored = await storage.get(key);
    expect(stored?.size).toBe(10);
    expect(await text(stored!.stream)).toBe("site diary");
    const head = await inspector.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: `${bucketPrefix}/${key}` }),
    );
    expect(head.ContentType).toBe("text/plain");
    expect(await objectsLeft()).toEqual([`${bucketPrefix}/${key}`]);
    storage.destroy();
  });

  it("streams a file larger than a part through a multipart upload, byte for byte", async () => {
    const storage = storageFor();
    const key = newStorageKey();
    const bytes = Buffer.alloc(19 * MB);
    for (let index = 0; index < bytes.length; index += 4096) bytes[index] = index % 251;
    const { size } = await storage.put(
      key,
      Readable.from([bytes.subarray(0, 7 * MB), bytes.subarray(7 * MB)]),
      {
        contentType: "video/mp4",
      },
    );
    expect(size).toBe(19 * MB);
    const stored = await storage.get(key);
    expect(stored?.size).toBe(19 * MB);
    expect((await buffer(stored!.stream)).equals(bytes)).toBe(true);
    storage.destroy();
  }, 60_000);

  it("leaves nothing behind when the stream fails, in the first part or after parts were sent", async () => {
    const storage = storageFor();
    for (const failAfter of [MB, 17 * MB]) {
      const key = newStorageKey();
      await expect(
        storage.put(key, failingAfter(failAfter), { contentType: "application/pdf" }),
      ).rejects.toThrow();
      expect(await storage.get(key)).toBeNull();
    }
    expect(await objectsLeft()).toEqual([]);
    storage.destroy();
  }, 60_000);

  it("forgets a deleted file, and deleting twice or reading a missing key is fine", async () => {
    const storage = storageFor();
    const key = newStorageKey();
    await storage.put(key, Readable.from(["x"]), { contentType: "text/plain" });
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get(newStorageKey())).toBeNull();
    expect(await objectsLeft()).toEqual([]);
    storage.destroy();
  });

  it("refuses keys it did not generate", async () => {
    const storage = storageFor();
    for (const key of ["../secret", "ab/../../etc/passwd", "/etc/passwd", "ab/x.pdf", ""]) {
      await expect(
        storage.put(key, Readable.from(["x"]), { contentType: "text/plain" }),
      ).rejects.toBeInstanceOf(StorageKeyInvalid);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyInvalid);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyInvalid);
    }
    expect(await objectsLeft()).toEqual([]);
    storage.destroy();
  });

  it("is one store for several processes: a file put by one is read and removed by another", async () => {
    const [first, second] = [storageFor(), storageFor()];
    const key = newStorageKey();
    await first.put(key, Readable.from(["shared"]), { contentType: "text/plain" });
    expect(await text((await second.get(key))!.stream)).toBe("shared");
    await second.delete(key);
    expect(await first.get(key)).toBeNull();
    first.destroy();
    second.destroy();
  });

  it("keeps the uploads' size limit: a file over it is refused and nothing stays in the bucket", async () => {
    const storage = storageFor();
    const form = new FormData();
    form.append("files", new File([Buffer.alloc(512, 7)], "fine.pdf", { type: "application/pdf" }));
    form.append("files", new File([Buffer.alloc(3 * MB, 7)], "huge.mp4", { type: "video/mp4" }));
    const request = new Request("http://localhost/upload", { method: "POST", body: form });
    const error = await parseUpload(request, { maxBytes: 2 * MB, storage }).catch((caught) => caught);
    expect(error).toBeInstanceOf(UploadTooLarge);
    expect(await objectsLeft()).toEqual([]);
    storage.destroy();
  }, 60_000);
});
