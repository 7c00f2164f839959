/**
 * `make()` run on first use and kept. SQLite's dialect modules prepare their
 * statements this way: they are imported on PostgreSQL too (their dispatcher
 * then calls the other engine's module), where there is no SQLite connection.
 */
export function later<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
