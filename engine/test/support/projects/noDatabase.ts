import pg from 'pg';

/**
 * Setup of the `unit` project: a unit test has no database. A connection fails the test with the rule,
 * so a test that needs PostgreSQL is named `*.db.test.ts` and runs in the `database` project.
 */
pg.Client.prototype.connect = function refuse(): never {
  throw new Error('a unit test has no database: name the file *.db.test.ts (see CONTRIBUTING.md, "Tests")');
};
