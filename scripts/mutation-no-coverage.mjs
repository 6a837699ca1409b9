// Vitest setup file for the second Stryker run of a folder that no unit test imports (scripts/mutation.mjs). Stryker
// reads per-test coverage from a global that its instrumented code fills in; with none of that code loaded it finds
// no record, takes the coverage for unknown and runs every mutant against every test. An empty record says what is
// true: no test reaches any of the folder's mutants, so each is reported as no coverage at once.
const stryker = (globalThis.__stryker__ ??= {})
stryker.mutantCoverage ??= { static: {}, perTest: {} }
