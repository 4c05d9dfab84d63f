import { SqliteDialect, SqliteQueryCompiler } from 'kysely';

/**
 * Writes each value as `+?` instead of `?`. The SQLite that Node bundles (3.54) looks at a bare
 * parameter's bound value while it plans an ordered query (`user_id = ? order by …`, a `limit ?`),
 * so every run with new values parsed and planned the statement again: a statement cache could not
 * save that, and it was a tenth of a signed-in light read. SQLite reads `+?` as the same value
 * (unary plus changes nothing, not even affinity) but no longer plans by it, so a statement is
 * planned once, as before 3.4x. It gives up plans tuned to one value: partial indexes matched by
 * a parameter, a LIKE prefix taken from one; the schema has neither (no partial index, and our LIKE
 * patterns start with `%`).
 */
class PlannedOnceCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
}

/** Kysely's SQLite dialect with statements planned once (see PlannedOnceCompiler). */
export class PlannedOnceSqliteDialect extends SqliteDialect {
  override createQueryCompiler() {
    return new PlannedOnceCompiler();
  }
}
