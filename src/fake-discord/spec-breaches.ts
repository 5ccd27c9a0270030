// Every breach of Discord's published spec that any fake of this process recorded, never cleared (a fake's own
// list is, between test cases): the test setup (test/support/spec-conformance.ts) holds each end-to-end and
// browser test file to none.
export const SPEC_BREACHES: string[] = [];
