/**
 * A public read kept per isolate for a short while (issue 54: the approved
 * sponsors, the recognized organizations): every page's footer or a public
 * list would otherwise read the same rows on every request. Only rows read
 * are kept for other requests, never a read still on its way: a promise of
 * one request awaited by another is I/O on behalf of a different request,
 * which the Workers runtime refuses (and which fails the second when the
 * first is cancelled), so requests that find no copy each read. Within one
 * request (the footer and the page both asking) the read on its way is
 * shared: the request's own `env` object (app/clock/clock.server.ts makes one
 * per request) is its key. A failed read keeps nothing. The writer that
 * changes the rows forgets the copy,
 * so its own isolate shows the change at once; other isolates within
 * `freshMs`. With a pretend instant (APP_NOW, outside production) every
 * request reads, as the tests and the bench expect of a moved clock. The
 * test setup forgets every copy as each file starts on a database of its own.
 */
import { isProduction } from "./environment";

type ReadEnv = Pick<Env, "DB" | "ENVIRONMENT" | "APP_NOW">;

export interface KeptPerIsolate<T> {
  /** The kept rows while fresh, else read now (and kept). */
  get(env: ReadEnv): Promise<T>;
  /** Forgets this isolate's copy. */
  forget(): void;
}

export function keptPerIsolate<T>(read: (env: ReadEnv) => Promise<T>, freshMs: number): KeptPerIsolate<T> {
  let copy: { rows: T; readAt: number } | undefined;
  /** Each request's read on its way, by the request's `env`; replaced by `forget`. */
  let reading = new WeakMap<object, Promise<T>>();
  return {
    get(env) {
      if (!isProduction(env) && env.APP_NOW) return read(env);
      if (copy && Date.now() - copy.readAt < freshMs) return Promise.resolve(copy.rows);
      const own = reading.get(env);
      if (own) return own;
      const began = { at: Date.now(), reading };
      const rows = read(env).then((rows) => {
        // Not kept when a change was written meanwhile (`forget`): the rows may be from before it.
        if (began.reading === reading) copy = { rows, readAt: began.at };
        return rows;
      });
      reading.set(env, rows);
      rows.catch(() => began.reading.delete(env));
      return rows;
    },
    forget() {
      copy = undefined;
      reading = new WeakMap();
    },
  };
}
