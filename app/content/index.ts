/** The Challenge's facts, written once; pages import from here. */
export * from "./site";
export * from "./dates";
export * from "./pricing";
export * from "./program";
export * from "./claims";
