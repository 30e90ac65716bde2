/**
 * Which kind of deployment a worker is, from its ENVIRONMENT. Dependency-free:
 * the password hashing reads it, and the seed script imports that from Node.
 */

/**
 * Fail closed (issue 16): only an explicit `development` gets the local
 * stand-ins, /dev/* and APP_NOW. Anything else, a typo such as "prod" or
 * "staging" included, or no value at all, is run as production.
 */
export function isProduction(env: Pick<Env, "ENVIRONMENT">): boolean {
  return env.ENVIRONMENT !== "development";
}
