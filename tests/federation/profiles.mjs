// The second subgraph: it extends the rummy server's User through its @key and has a
// Relay connection of its own (so it defines PageInfo too, which must be @shareable).
import { parse } from "graphql";

export const typeDefs = parse(`
  extend schema
    @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])

  type User @key(fields: "id") {
    id: ID!
    bio: String!
  }

  type PageInfo @shareable {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type BioEdge { cursor: String! node: User! }
  type BioConnection { edges: [BioEdge!]! pageInfo: PageInfo! }

  type Query { bios(first: Int = 10): BioConnection! }
`);

export const resolvers = {
  User: {
    __resolveReference(ref) {
      return { id: ref.id, bio: `bio of user ${ref.id}` };
    },
  },
  Query: {
    bios() {
      return {
        edges: [],
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      };
    },
  },
};
