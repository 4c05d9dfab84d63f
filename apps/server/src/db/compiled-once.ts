import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';

/** Stand-ins for the arguments while the SQL is built: numbers no caller passes (ids, paging). */
const STAND_IN_BASE = -7_340_000_001;

interface Template<Row> {
  compiled: CompiledQuery<Row>;
  /** For each argument, the positions in `compiled.parameters` that take its value. */
  slots: number[][];
}

/**
 * A hot query whose SQL is built and compiled once per dialect instead of on every call; each call
 * only puts its arguments into the parameters. Building and compiling a Kysely query costs more
 * than SQLite takes to answer it (a tenth of a signed-in light read). `build` must pass every
 * argument into the query as a plain value (compared, limited, offset), and the query's shape must
 * not depend on them: the first call checks that each argument lands in the parameters and throws
 * at once if one does not.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema; the builder's own types check the query.
export function compiledOnce<DB, Args extends any[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  // Keyed by the dialect's adapter: a database and its transactions share one, PostgreSQL and
  // SQLite (tests open both) have their own.
  const templates = new WeakMap<object, Template<Row>>();
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      template = compileTemplate(db, build, args.length);
      templates.set(adapter, template);
    }
    const parameters = template.compiled.parameters.slice();
    template.slots.forEach((positions, argument) => {
      for (const position of positions) parameters[position] = args[argument];
    });
    const result = await db.executeQuery<Row>({ ...template.compiled, parameters, queryId: createQueryId() });
    return result.rows;
  };
}

function compileTemplate<DB, Args extends unknown[], Row>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
  arity: number,
): Template<Row> {
  const standIns = Array.from({ length: arity }, (_, index) => STAND_IN_BASE - index);
  const compiled = build(db, ...(standIns as Args)).compile();
  const slots = standIns.map((standIn, argument) => {
    const positions = compiled.parameters.flatMap((value, position) => (value === standIn ? [position] : []));
    if (positions.length === 0)
      throw new Error(`compiledOnce: argument ${argument + 1} never reaches the SQL (${compiled.sql})`);
    return positions;
  });
  return { compiled, slots };
}
