import { index, route, type RouteConfig } from "@react-router/dev/routes";

// One line per route of SPEC.md §2; the module names match the paths.
export default [
  index("routes/home.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
