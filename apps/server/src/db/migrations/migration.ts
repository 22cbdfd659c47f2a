/** A migration is a list of SQL statements, run one by one inside the migrator's transaction. */
export interface Migration {
  statements: readonly string[];
}
