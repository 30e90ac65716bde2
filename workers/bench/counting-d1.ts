/**
 * A D1 binding that counts what it is asked to do (issue 34): every
 * statement sent, and every round trip (one per `first`/`all`/`run`/`raw`,
 * one per `batch` whatever its size). It wraps the real binding and changes
 * nothing else, so the bench's build (`npm run bench`, workers/bench/) and the
 * tests (tests/integration/vote-statements.test.ts) count the statements of a
 * request by running the real code against the real database.
 *
 * It also counts the round trips a request waits for one after another
 * (issue 56): a call that starts while none is in flight begins a new one,
 * calls that overlap (loaders running side by side) share it, the rule
 * tests/integration/request-work.test.ts counts by.
 */

export interface D1Tally {
  statements: number;
  roundTrips: number;
  /** Round trips one after another: overlapping calls count once. */
  sequential: number;
  /** Calls sent and not yet answered (what `sequential` is counted from). */
  inFlight: number;
  /** The SQL of each statement, in order: what a failing count prints. */
  sql: string[];
}

export function newTally(): D1Tally {
  return { statements: 0, roundTrips: 0, sequential: 0, inFlight: 0, sql: [] };
}

/** `send()` as one round trip, counted as a new sequential one when nothing else is in flight. */
function awaited<T>(tally: D1Tally, send: () => Promise<T>): Promise<T> {
  if (tally.inFlight === 0) tally.sequential += 1;
  tally.inFlight += 1;
  return send().finally(() => {
    tally.inFlight -= 1;
  });
}

class CountingStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly text: string,
    private readonly tally: D1Tally,
  ) {}

  private sent() {
    this.tally.statements += 1;
    this.tally.roundTrips += 1;
    this.tally.sql.push(this.text);
  }

  bind(...values: unknown[]): D1PreparedStatement {
    return new CountingStatement(this.inner.bind(...values), this.text, this.tally) as unknown as D1PreparedStatement;
  }

  first(colName?: string) {
    this.sent();
    return awaited(this.tally, () => (colName === undefined ? this.inner.first() : this.inner.first(colName)));
  }

  run() {
    this.sent();
    return awaited(this.tally, () => this.inner.run());
  }

  all() {
    this.sent();
    return awaited(this.tally, () => this.inner.all());
  }

  raw(options?: { columnNames?: boolean }) {
    this.sent();
    return awaited(this.tally, () => (options?.columnNames ? this.inner.raw({ columnNames: true }) : this.inner.raw()));
  }
}

/** `db` with every statement it runs counted in `tally`. */
export function countingD1(db: D1Database, tally: D1Tally): D1Database {
  const counting = {
    prepare(query: string) {
      return new CountingStatement(db.prepare(query), query, tally) as unknown as D1PreparedStatement;
    },
    batch(statements: D1PreparedStatement[]) {
      tally.roundTrips += 1;
      const inner = statements.map((statement) => {
        tally.statements += 1;
        if (!(statement instanceof CountingStatement)) return statement;
        tally.sql.push(statement.text);
        return statement.inner;
      });
      return awaited(tally, () => db.batch(inner));
    },
    exec(query: string) {
      tally.roundTrips += 1;
      tally.statements += query.split(";").filter((part) => part.trim()).length;
      tally.sql.push(query);
      return awaited(tally, () => db.exec(query));
    },
    withSession() {
      throw new Error("countingD1: sessions are not counted");
    },
    dump() {
      return db.dump();
    },
  };
  return counting as unknown as D1Database;
}
