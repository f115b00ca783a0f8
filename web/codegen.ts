// Typed operations from the server's schema (../schema.graphql): `npm run codegen`
// rewrites src/gql/ from the graphql(`...`) documents in src/.
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "../schema.graphql",
  documents: ["src/**/*.ts", "src/**/*.tsx", "!src/gql/**"],
  generates: {
    "src/gql/": {
      preset: "client",
      config: { documentMode: "string", scalars: { JSON: "any", DateTime: "string" } },
      presetConfig: { fragmentMasking: false },
    },
  },
};
export default config;
