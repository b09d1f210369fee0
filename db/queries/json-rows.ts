/**
 * Rows as one `json` parameter, for `json_to_recordset`: a batch insert of any size in one
 * statement, far from Postgres's parameter limit, read the same on postgres-js and PGlite. A lone
 * surrogate (broken text from a model) becomes U+FFFD, as the drivers store it in a plain text
 * parameter, where Postgres's JSON parser would reject the whole batch.
 */
import { sql } from "drizzle-orm";

const wellFormed = (_key: string, value: unknown) => (typeof value === "string" && !value.isWellFormed() ? value.toWellFormed() : value);
export const rowsJson = (rows: object[]) => sql`${JSON.stringify(rows, wellFormed)}::json`;
