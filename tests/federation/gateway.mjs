// node gateway.mjs RUMMY_URL: run the profiles subgraph and an Apollo gateway in front of
// it and the live rummy server (its supergraph composed from their live SDLs); prints
// one line {"gateway": URL, "profiles": URL} once both listen. Stops on SIGTERM.
import { ApolloServer } from "@apollo/server";
import { startStandaloneServer } from "@apollo/server/standalone";
import { ApolloGateway, IntrospectAndCompose, RemoteGraphQLDataSource } from "@apollo/gateway";
import { buildSubgraphSchema } from "@apollo/subgraph";
import { resolvers, typeDefs } from "./profiles.mjs";

const rummyUrl = process.argv[2];

const profiles = new ApolloServer({ schema: buildSubgraphSchema([{ typeDefs, resolvers }]) });
const { url: profilesUrl } = await startStandaloneServer(profiles, {
  listen: { host: "127.0.0.1", port: 0 },
});

class ForwardAuth extends RemoteGraphQLDataSource {
  willSendRequest({ request, context }) {
    if (context?.authorization) {
      request.http.headers.set("authorization", context.authorization);
    }
  }
}

const gateway = new ApolloGateway({
  supergraphSdl: new IntrospectAndCompose({
    subgraphs: [
      { name: "rummy", url: rummyUrl },
      { name: "profiles", url: profilesUrl },
    ],
  }),
  buildService: ({ url }) => new ForwardAuth({ url }),
});
const server = new ApolloServer({ gateway });
const { url } = await startStandaloneServer(server, {
  listen: { host: "127.0.0.1", port: 0 },
  context: async ({ req }) => ({ authorization: req.headers.authorization }),
});
console.log(JSON.stringify({ gateway: url, profiles: profilesUrl }));

const stop = async () => {
  await server.stop();
  await profiles.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
