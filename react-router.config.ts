import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // A second build (the deploy dry run of `npm test`) goes elsewhere so it
  // never replaces the one the tests run against.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
