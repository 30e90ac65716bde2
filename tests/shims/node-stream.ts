// busboy's `require("stream")`, as an ES module the test bundle can hold: see vitest.config.ts.
export * from "node:stream";
