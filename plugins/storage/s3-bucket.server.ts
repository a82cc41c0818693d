import { type Readable, Transform } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertStorageKey, type FileStorage } from "./file-storage";

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2…), so that several app processes on
 * several machines share one store. Uploads stream through in parts (the file is never held whole), and
 * reads stream back; the storage keys are the same generated keys as the local folder's, under a prefix.
 */
export type S3BucketOptions = {
  bucket: string;
  /** A folder inside the bucket ("siteproof/"); empty for the bucket's root. */
  prefix?: string;
  client: S3ClientConfig;
};

/** Parts of 8 MB, four in flight: at most 32 MB of an upload in memory, whatever its size. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

export class S3BucketStorage implements FileStorage {
  readonly bucket: string;
  readonly prefix: string;
  private readonly client: S3Client;

  constructor(options: S3BucketOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix.replace(/\/+$/, "")}/` : "";
    this.client = new S3Client(options.client);
  }

  private objectKey(key: string) {
    assertStorageKey(key);
    return `${this.prefix}${key}`;
  }

  /**
   * A multipart upload that is completed only once the stream has ended: if the stream errors (an upload
   * past its size limit) the parts sent are aborted and nothing is stored under the key.
   */
  async put(key: string, stream: Readable, options: { contentType: string }) {
    const objectKey = this.objectKey(key);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    // The source's error is passed on to the body, so the upload fails rather than completing short.
    stream.on("error", (error) => counter.destroy(error));
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: objectKey,
        Body: stream.pipe(counter),
        ContentType: options.contentType,
      },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // A small file is one PutObject sent only once its stream ended; a failed one stored nothing.
      await this.delete(key).catch(() => undefined);
      throw error;
    }
    return { size };
  }

  async get(key: string) {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      if (!object.Body) return null;
      return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
    } catch (error) {
      if (error instanceof NoSuchKey || error instanceof NotFound) return null;
      throw error;
    }
  }

  async delete(key: string) {
    // S3 answers a delete of a missing key with success, as the interface asks.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** Closes the client's connections (tests, shutdown). */
  destroy() {
    this.client.destroy();
  }
}

/**
 * Reads `STORAGE_URL` (`s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=true`) into the bucket's
 * options; the credentials come from `STORAGE_ACCESS_KEY_ID` / `STORAGE_SECRET_ACCESS_KEY` when given,
 * otherwise from the AWS SDK's own chain (environment, profile, instance role).
 */
export function s3OptionsFromUrl(
  storageUrl: string,
  credentials?: { accessKeyId?: string; secretAccessKey?: string },
): S3BucketOptions {
  const url = new URL(storageUrl);
  if (url.protocol !== "s3:") throw new Error(`STORAGE_URL must start with s3:// (got ${url.protocol})`);
  if (!url.hostname) throw new Error("STORAGE_URL names no bucket: s3://bucket/prefix");
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  const client: S3ClientConfig = {
    region: url.searchParams.get("region") ?? "us-east-1",
    endpoint,
    // MinIO and other self-hosted stores answer on a path (http://host/bucket/key), not a subdomain.
    forcePathStyle: url.searchParams.get("forcePathStyle") === "true" || Boolean(endpoint),
  };
  if (credentials?.accessKeyId && credentials.secretAccessKey)
    client.credentials = {
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
    };
  return { bucket: url.hostname, prefix: decodeURIComponent(url.pathname.replace(/^\/+/, "")), client };
}
