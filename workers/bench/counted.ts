/**
 * The bench's build only (issue 34): every request's D1 statements counted
 * and reported on its response, so `npm run bench` says how many statements
 * and round trips each page and the vote cost without timing anything.
 * Counted until the response is handed back (work left to waitUntil is not).
 */
import { countingD1, newTally } from "./counting-d1";

export const BENCH_D1_HEADER = "X-Bench-D1";

export async function withCountedStatements(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  serve: (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>,
): Promise<Response> {
  const tally = newTally();
  const response = await serve(request, { ...env, DB: countingD1(env.DB, tally) }, ctx);
  const counted = new Response(response.body, response);
  counted.headers.set(
    BENCH_D1_HEADER,
    `statements=${tally.statements}; round-trips=${tally.roundTrips}; sequential=${tally.sequential}`,
  );
  return counted;
}
