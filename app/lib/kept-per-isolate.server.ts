/**
 * A public read kept per isolate for a short while (issue 54: the approved
 * sponsors, the recognized organizations): every page's footer or a public
 * list would otherwise read the same rows on every request. The read itself
 * is kept, not only its rows, so requests at the same moment share one; a
 * failed read is not kept. The writer that changes the rows forgets the copy,
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
  let copy: { rows: Promise<T>; readAt: number } | undefined;
  return {
    get(env) {
      if (!isProduction(env) && env.APP_NOW) return read(env);
      if (copy && Date.now() - copy.readAt < freshMs) return copy.rows;
      const fresh = { rows: read(env), readAt: Date.now() };
      copy = fresh;
      fresh.rows.catch(() => {
        if (copy === fresh) copy = undefined;
      });
      return fresh.rows;
    },
    forget() {
      copy = undefined;
    },
  };
}
