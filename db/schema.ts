// Placeholder until the PostgreSQL twin lands: the dialect switch re-exports one of the two schema modules.
export * from "./schema.sqlite";
