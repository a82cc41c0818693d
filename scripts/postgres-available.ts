// CI helper: exits 0 when the PostgreSQL server on 127.0.0.1:5432 answers; with --create/--drop NAME it
// creates or drops that database.
import pg from "pg";

const [flag, name] = process.argv.slice(2);
const client = new pg.Client({
  host: "127.0.0.1",
  port: 5432,
  user: "postgres",
  database: "postgres",
  connectionTimeoutMillis: 3000,
});
try {
  await client.connect();
  if (flag === "--create") await client.query(`create database "${name}"`);
  if (flag === "--drop") await client.query(`drop database if exists "${name}" with (force)`);
  await client.end();
} catch (error) {
  if (flag) console.error((error as Error).message);
  process.exit(1);
}
