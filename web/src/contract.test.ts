// The client's operations against the server's schema (../schema.graphql): every one is
// valid, and none reads a deprecated field (a mobile team reads this client as the
// example; a deprecated field is one the server may drop).
import { buildSchema, NoDeprecatedCustomRule, parse, specifiedRules, validate } from "graphql";
import { describe, expect, it } from "vitest";
import * as documents from "./gql/graphql";
import schemaText from "../../schema.graphql?raw";

// The Federation directives the schema names; graphql-js knows only the standard ones.
const FEDERATION = `
directive @link(url: String!, import: [String!]) repeatable on SCHEMA
directive @key(fields: String!) repeatable on OBJECT | INTERFACE
directive @shareable repeatable on OBJECT | FIELD_DEFINITION
`;
const schema = buildSchema(FEDERATION + schemaText);

const operations = Object.entries(documents).filter(([name, value]) => name.endsWith("Document") && value instanceof String);

describe("the client's operations", () => {
  it("are all here", () => {
    expect(operations.length).toBeGreaterThan(20);
  });
  it.each(operations)("%s is valid and reads no deprecated field", (_name, text) => {
    const errors = validate(schema, parse(String(text)), [...specifiedRules, NoDeprecatedCustomRule]);
    expect(errors.map((e) => e.message)).toEqual([]);
  });
});
