/**
 * PGlite: the app's prepared queries (db/prepared.ts) run as named statements. PGlite's own
 * query() parses and plans every statement anew, in six calls into the database; a named
 * statement is parsed once, and each run binds and executes it in one call, with the plan kept
 * (Postgres's own rules: a generic plan once it costs no more than the custom ones). A search
 * costs about a fifth of the CPU it did, and PGlite serves one query at a time: every other
 * request waits less too.
 *
 * Drizzle talks to the client this returns; only queries registered with `register` (their SQL
 * text) take the named path, the rest are PGlite's own query(), and transactions are PGlite's.
 */
import { protocol, types, type ParserOptions, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

type Field = { name: string; dataTypeID: number };
type Statement = { name: string; paramTypes: number[]; fields: Field[] };

/** Errors after which a statement is made anew: it was dropped, or a table it reads changed shape. */
const STALE_STATEMENT = new Set(["26000", "0A000"]);

export type NamedStatementClient = {
  /** What Drizzle is given in place of the PGlite instance. */
  client: PGlite;
  /** Runs `sql` as a named statement from now on. */
  register(sql: string): void;
};

export function namedStatementClient(pglite: PGlite): NamedStatementClient {
  const registered = new Set<string>();
  const statements = new Map<string, Statement>();
  let counter = 0;
  const mergedParsers = new WeakMap<ParserOptions, ParserOptions>();

  const concat = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  };

  async function prepare(text: string): Promise<Statement> {
    const name = `lingoreel_${++counter}`;
    const { serialize } = protocol;
    const messages = await pglite.execProtocolStream(concat(serialize.parse({ name, text, types: [] }), serialize.describe({ type: "S", name }), serialize.sync()), { syncToFs: false });
    const params = messages.find((m) => m.name === "parameterDescription") as { dataTypeIDs: number[] } | undefined;
    const row = messages.find((m) => m.name === "rowDescription") as { fields: Field[] } | undefined;
    const statement = { name, paramTypes: params?.dataTypeIDs ?? [], fields: row?.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) ?? [] };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = statements.get(text) ?? (await prepare(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const typeId = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[typeId] ?? pglite.serializers[typeId];
      return serializer ? serializer(value) : String(value);
    });
    const { serialize } = protocol;
    const messages = await pglite.execProtocolStream(
      concat(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()),
      { syncToFs: false },
    );
    let parsers: ParserOptions = pglite.parsers;
    if (options?.parsers) {
      parsers = mergedParsers.get(options.parsers) ?? { ...parsers, ...options.parsers };
      mergedParsers.set(options.parsers, parsers);
    }
    const { fields } = statement;
    const rows: unknown[] = [];
    let affectedRows = 0;
    for (const message of messages) {
      if (message.name === "dataRow") {
        const values = (message as unknown as { fields: (string | null)[] }).fields.map((value, i) => types.parseType(value, fields[i]!.dataTypeID, parsers));
        rows.push(options?.rowMode === "array" ? values : Object.fromEntries(values.map((value, i) => [fields[i]!.name, value])));
      } else if (message.name === "commandComplete") {
        const text = (message as unknown as { text: string }).text;
        affectedRows = Number(text.split(" ").at(-1)) || 0;
      }
    }
    return { rows: rows as T[], fields, affectedRows };
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!registered.has(text)) return pglite.query<T>(text, params, options);
    // As PGlite's query(): after any open transaction, alone on the connection.
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        try {
          return await run<T>(text, params, options);
        } catch (error) {
          if (!STALE_STATEMENT.has((error as { code?: string }).code ?? "")) throw error;
          statements.delete(text);
          return run<T>(text, params, options);
        } finally {
          await pglite.syncToFs();
        }
      }),
    );
  }

  const client = new Proxy(pglite, {
    get(target, property) {
      if (property === "query") return query;
      const value = Reflect.get(target, property, target) as unknown;
      // PGlite's methods read private state: they must run on the instance itself.
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { client, register: (sql) => void registered.add(sql) };
}
