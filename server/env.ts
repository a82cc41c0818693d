import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, or an address with a prefix length (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (isIP(address) === 4 ? 32 : 128);
}

/**
 * Whose X-Forwarded-For to believe (Express's "trust proxy"): nobody by default, so a client cannot pick
 * the address its sign-in failures count against. The proxies' addresses or ranges (`loopback` for one on
 * this machine), or the number of proxies in front; never every sender.
 */
const trustProxySchema = optionalString.transform((value, context): false | number | string[] => {
  if (value === undefined || value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !PROXY_NAMES.has(entry) && !isAddressOrRange(entry));
  if (value === "true" || value === "*" || wrong.length > 0) {
    context.addIssue({
      code: "custom",
      message:
        value === "true" || value === "*"
          ? "trusting every sender would let any client choose its address; give the proxies' addresses (loopback, 10.0.0.5, 10.0.0.0/8) or their number"
          : `not an address, a range or loopback/linklocal/uniquelocal: ${wrong.join(", ")}`,
    });
    return z.NEVER;
  }
  return entries;
});

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATA_DIR: z.string().default(".data"),
  /**
   * Where uploaded files live: unset, a folder under DATA_DIR; `s3://bucket/prefix?endpoint=…&region=…`, an
   * S3-compatible bucket that several app processes share (plugins/storage).
   */
  STORAGE_URL: optionalString.pipe(
    z
      .string()
      .regex(
        /^s3:\/\/[^/?]+/,
        "STORAGE_URL must be s3://bucket[/prefix][?endpoint=…&region=…] (or leave it unset)",
      )
      .optional(),
  ),
  STORAGE_ACCESS_KEY_ID: optionalString,
  STORAGE_SECRET_ACCESS_KEY: optionalString,
  SESSION_SECRET: optionalString.pipe(
    z.string().min(32, "SESSION_SECRET must be at least 32 characters (or leave it unset)").optional(),
  ),
  APP_URL: optionalString.pipe(
    z.url("APP_URL must be a full URL such as https://siteproof.example.com").optional(),
  ),
  APP_ENV: z.enum(["dev", "staging", "production", "au-production"]).default("production"),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: z.string().default("SiteProof <no-reply@siteproof.test>"),
  MICROSOFT_ISSUER: optionalString.pipe(z.url("MICROSOFT_ISSUER must be the OpenID issuer URL").optional()),
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  LOG_QUERIES: z.stringbool().default(false),
  /**
   * Turns the /dev/mailbox page on or off (without SMTP); by default it is on only in development. On or
   * off, it answers only requests made on this machine.
   */
  MAILBOX_PAGE: z.stringbool().optional(),
  TRUST_PROXY: trustProxySchema,
  /** HTTP worker processes (node:cluster); the default comes from the database and NODE_ENV (webConcurrency). */
  WEB_CONCURRENCY: optionalString.pipe(
    z.coerce
      .number<string>({ error: "WEB_CONCURRENCY must be a whole number of 1 or more" })
      .int("WEB_CONCURRENCY must be a whole number of 1 or more")
      .min(1, "WEB_CONCURRENCY must be a whole number of 1 or more")
      .optional(),
  ),
});

export type Env = Omit<z.output<typeof envSchema>, "WEB_CONCURRENCY"> & {
  DATA_DIR: string;
  SESSION_SECRET: string;
  APP_URL: string;
  /** APP_URL was not set: it is the localhost address the server assumes. */
  APP_URL_ASSUMED: boolean;
  WEB_CONCURRENCY: number;
};

let cached: Env | undefined;

/** Reads and checks the environment once; stops start-up with one readable message per bad variable. */
export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.superRefine(refuseSeveralEmbeddedProcesses).safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`The environment is not valid:\n${lines.join("\n")}`);
  }
  const dataDir = resolve(parsed.data.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  cached = {
    ...parsed.data,
    DATA_DIR: dataDir,
    SESSION_SECRET: parsed.data.SESSION_SECRET ?? persistentSecret(dataDir),
    APP_URL: parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}`,
    APP_URL_ASSUMED: parsed.data.APP_URL === undefined,
    WEB_CONCURRENCY: parsed.data.WEB_CONCURRENCY ?? defaultWebConcurrency(parsed.data),
  };
  return cached;
}

type ParsedEnv = z.output<typeof envSchema>;

/**
 * What a production start assumes that whoever started it may not know, said at start (server/index.ts):
 * the server listens on every interface whatever APP_URL says.
 */
export function startupNotices(config: Env = env()): string[] {
  if (config.NODE_ENV !== "production") return [];
  const notices: string[] = [];
  if (config.APP_URL_ASSUMED)
    notices.push(
      `APP_URL is not set: assuming ${config.APP_URL}. Links in mail and the Microsoft sign-in address use it, cookies are not Secure and no HSTS is sent; set APP_URL to the address people use (https://…).`,
    );
  if (!config.SMTP_URL && config.MAILBOX_PAGE)
    notices.push(
      "MAILBOX_PAGE is on: /dev/mailbox shows the mail, sign-in links included, to browsers on this machine.",
    );
  notices.push(
    config.TRUST_PROXY === false
      ? "TRUST_PROXY is not set: a client's address is the connection's (behind a proxy, set TRUST_PROXY to its address)."
      : `TRUST_PROXY: client addresses come from X-Forwarded-For sent by ${Array.isArray(config.TRUST_PROXY) ? config.TRUST_PROXY.join(", ") : `the ${config.TRUST_PROXY} nearest proxies`}.`,
  );
  return notices;
}

/**
 * One worker per core on a PostgreSQL server; one with the embedded database (PGlite lives in the process
 * that opened it) and in development (Vite's dev server is one process).
 */
function defaultWebConcurrency(parsed: ParsedEnv): number {
  if (!parsed.DATABASE_URL || parsed.NODE_ENV === "development") return 1;
  return availableParallelism();
}

function refuseSeveralEmbeddedProcesses(parsed: ParsedEnv, context: z.RefinementCtx) {
  if ((parsed.WEB_CONCURRENCY ?? 1) <= 1) return;
  if (!parsed.DATABASE_URL)
    context.addIssue({
      code: "custom",
      path: ["WEB_CONCURRENCY"],
      message:
        "must be 1 with the embedded database, which lives in one process; set DATABASE_URL to a PostgreSQL server to run several workers",
    });
  else if (parsed.NODE_ENV === "development")
    context.addIssue({
      code: "custom",
      path: ["WEB_CONCURRENCY"],
      message: "must be 1 in development: Vite's dev server runs in one process",
    });
}

/**
 * A session secret generated on first start and kept in DATA_DIR, so sign-ins survive restarts. Processes
 * that start together on one DATA_DIR agree on it: each writes its own beside the name and links it into
 * place, which succeeds for one of them only, and all read what was linked (never a half-written file).
 */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, "session-secret");
  if (!existsSync(file)) {
    const candidate = `${file}.${process.pid}`;
    writeFileSync(candidate, randomBytes(32).toString("hex"), { mode: 0o600 });
    try {
      linkSync(candidate, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(candidate, { force: true });
    }
  }
  return readFileSync(file, "utf8").trim();
}

/** For tests that change the environment. */
export function resetEnvCache() {
  cached = undefined;
}
