import { data } from "react-router";

// Any path no other route claims, for every method. Throwing the 404 lets the
// root ErrorBoundary render the 404 page with the real status code.
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

// A component makes this a page route (a route without one would answer the
// raw thrown body); it never renders because the loader always throws.
export default function NotFoundRoute() {
  return null;
}
