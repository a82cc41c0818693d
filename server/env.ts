import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

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
  /** Forces the /dev/mailbox page on or off; by default it is on only for a localhost APP_URL without SMTP. */
  MAILBOX_PAGE: z.stringbool().optional(),
});

export type Env = z.output<typeof envSchema> & { DATA_DIR: string; SESSION_SECRET: string; APP_URL: string };

let cached: Env | undefined;

/** Reads and checks the environment once; stops start-up with one readable message per bad variable. */
export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
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
  };
  return cached;
}

/** A session secret generated on first start and kept in DATA_DIR, so sign-ins survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** For tests that change the environment. */
export function resetEnvCache() {
  cached = undefined;
}
