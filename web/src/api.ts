// GraphQL over HTTP (fetch) and graphql-transport-ws (graphql-ws), with the bearer token.
//
// The token is kept in localStorage and sent as `Authorization: Bearer`: the API's
// contract for every client, and the server's GraphQL endpoint is CSRF-exempt because it
// takes no cookies. A cookie session would need CSRF handling for no gain here.
import { createClient, type Client } from "graphql-ws";
import type { TypedDocumentString } from "./gql/graphql";
import { serverText } from "./i18n";

const TOKEN_KEY = "rummy.token";

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export function setToken(token: string | null) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
  resetSocket();
}

export class ApiError extends Error {
  constructor(message: string, public code: string | undefined) {
    super(message);
  }
}

/** An error of a request in the viewer's language (by its code where it has one). */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return serverText("rej", e.code, e.message);
  return serverText("rej", null, (e as Error)?.message);
}

export async function gql<R, V>(doc: TypedDocumentString<R, V>, variables?: V): Promise<R> {
  const token = getToken();
  const res = await fetch("/graphql", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: doc.toString(), variables: variables ?? {} }),
  });
  const body = await res.json();
  if (body.errors?.length) {
    const e = body.errors[0];
    throw new ApiError(e.message, e.extensions?.code);
  }
  return body.data as R;
}

let socket: Client | null = null;
const statusListeners = new Set<(s: string) => void>();
export const onSocketStatus = (f: (s: string) => void) => {
  statusListeners.add(f);
  return () => statusListeners.delete(f);
};
const emit = (s: string) => statusListeners.forEach((f) => f(s));

export function getSocket(): Client {
  if (!socket) {
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/graphql`;
    socket = createClient({
      url,
      connectionParams: () => {
        const token = getToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      retryAttempts: Infinity,
      shouldRetry: () => true,
      retryWait: async (n) => new Promise((r) => setTimeout(r, Math.min(500 * 2 ** n, 5000))),
      keepAlive: 10_000,
      on: { connected: () => emit("connected"), closed: () => emit("closed") },
    });
  }
  return socket;
}

export function resetSocket() {
  socket?.dispose();
  socket = null;
}

/** Exposed for tests: drop the socket as a network failure would (the client reconnects). */
(window as unknown as { __dropSocket: () => void }).__dropSocket = () => {
  socket?.terminate();
};

export function subscribe<R, V>(
  doc: TypedDocumentString<R, V>,
  variables: () => V,
  onData: (r: R) => void,
): () => void {
  let stopped = false;
  let unsub = () => {};
  const start = () => {
    unsub = getSocket().subscribe<R>(
      { query: doc.toString(), variables: variables() as Record<string, unknown> },
      {
        next: (m) => m.data && onData(m.data as R),
        error: () => !stopped && setTimeout(start, 1000),
        complete: () => {},
      },
    );
  };
  start();
  // After a reconnect, graphql-ws resends the first subscribe payload; start afresh so
  // `after` is the last seq we saw (repeats are dropped by seq anyway).
  const off = onSocketStatus((s) => {
    if (s === "closed" && !stopped) {
      unsub();
      start();
    }
  });
  return () => {
    stopped = true;
    off();
    unsub();
  };
}
