// node compose.mjs SCHEMA.graphql: compose the rummy subgraph's SDL with the profiles
// subgraph; prints {"ok": true} or {"ok": false, "errors": [{code, message}]}.
import { readFileSync } from "node:fs";
import { composeServices } from "@apollo/composition";
import { parse } from "graphql";
import { typeDefs } from "./profiles.mjs";

const sdl = readFileSync(process.argv[2], "utf8");
const result = composeServices([
  { name: "rummy", typeDefs: parse(sdl), url: "http://rummy.invalid/graphql" },
  { name: "profiles", typeDefs, url: "http://profiles.invalid/graphql" },
]);
const errors = (result.errors || []).map((e) => ({
  code: e.extensions?.code ?? null,
  message: e.message,
}));
console.log(JSON.stringify({ ok: errors.length === 0, errors }));
process.exit(errors.length === 0 ? 0 : 1);
