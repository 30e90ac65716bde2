import { index, route, type RouteConfig } from "@react-router/dev/routes";

// One line per route of SPEC.md §2; each module is named after its path.
export default [
  index("routes/home.tsx"),

  // Audience and program pages (content).

  // About, help and legal pages (content).

  // Forms: contact, accounts, registration, sponsorship, judges and advisors.

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
