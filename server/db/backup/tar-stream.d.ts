/** The part of tar-stream 2.2 the backup archive uses (the package ships no types). */
declare module "tar-stream" {
  import type { Readable, Writable } from "node:stream";

  export type Header = {
    name: string;
    size?: number;
    mode?: number;
    mtime?: Date;
    type?: "file" | "directory" | "symlink" | "link" | string;
  };

  export interface Pack extends Readable {
    /** Starts an entry; write exactly `size` bytes to the stream it returns. */
    entry(header: Header, callback?: (error?: Error | null) => void): Writable;
    entry(header: Header, buffer: Buffer | string, callback?: (error?: Error | null) => void): Writable;
    finalize(): void;
  }

  export interface Extract extends Writable {
    on(
      event: "entry",
      listener: (header: Required<Header>, stream: Readable, next: () => void) => void,
    ): this;
    on(event: "finish" | "close", listener: () => void): this;
    on(event: "error", listener: (error: Error) => void): this;
  }

  const tar: { pack(): Pack; extract(): Extract };
  export default tar;
}
