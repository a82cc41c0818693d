/** Upload limits are in binary megabytes (1 MB = 1 MiB, the spec's "1 MiB" constant). */
export const MB = 1024 * 1024;
/** Spec 5: the general upload limit. */
export const UPLOAD_LIMIT_BYTES = 100 * MB;
/** Spec 5: site diary and audit uploads. */
export const DIARY_AUDIT_UPLOAD_LIMIT_BYTES = 50 * MB;

export function limitInMb(maxBytes: number): number {
  return Math.round((maxBytes / MB) * 10) / 10;
}

export function splitBySize<T extends { size: number }>(files: readonly T[], maxBytes: number) {
  return {
    accepted: files.filter((file) => file.size <= maxBytes),
    oversized: files.filter((file) => file.size > maxBytes),
  };
}

/** The spec has its own wording for the 50 MB limit; every other limit uses the 100MB sentence. */
export function tooLargeMessageKey(maxBytes: number): "fileDrop.tooLarge50" | "fileDrop.tooLarge" {
  return maxBytes === DIARY_AUDIT_UPLOAD_LIMIT_BYTES ? "fileDrop.tooLarge50" : "fileDrop.tooLarge";
}

/** A size for people: 900 KB, 12.5 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < MB) return `${Math.ceil(bytes / 1024)} KB`;
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}
