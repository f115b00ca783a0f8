// GraphQL over HTTP (fetch) and graphql-transport-ws (graphql-ws), with the bearer token.
//
// The token is kept in localStorage and sent as `Authorization: Bearer`: the API's
// contract for every client, and the server's GraphQL endpoint is CSRF-exempt because it
// takes no cookies. A cookie session would need CSRF handling for no gain here.
import { createClient, type Client } from "graphql-ws";
import type { TypedDocumentString } from "./gql/graphql";
import { useEffect, useState } from "react";
import { serverText, t } from "./i18n";

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

/** Codes of the requests that never reached the server (no network, or it did not answer). */
export const CONNECTION_CODES = new Set(["OFFLINE", "NETWORK"]);

/** An error of a request in the viewer's language (by its code where it has one). */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code === "OFFLINE") return t("offlineRefused");
    if (e.code === "NETWORK") return t("networkError");
    return serverText("rej", e.code, e.message);
  }
  return serverText("rej", null, (e as Error)?.message);
}

export const isConnectionError = (e: unknown) => e instanceof ApiError && CONNECTION_CODES.has(e.code ?? "");

export async function gql<R, V>(doc: TypedDocumentString<R, V>, variables?: V): Promise<R> {
  // Offline, a request is refused here with a clear message (not the browser's "Failed to
  // fetch"); it is not queued: the page catches up from the server when the network is back.
  if (typeof navigator !== "undefined" && navigator.onLine === false) throw new ApiError("offline", "OFFLINE");
  const token = getToken();
  let body: { data?: R; errors?: { message: string; extensions?: { code?: string } }[] };
  try {
    const res = await fetch("/graphql", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: doc.toString(), variables: variables ?? {} }),
    });
    body = await res.json();
  } catch {
    setHttpDown(true);
    throw new ApiError("network", "NETWORK");
  }
  setHttpDown(false);
  if (body.errors?.length) {
    const e = body.errors[0];
    throw new ApiError(e.message, e.extensions?.code);
  }
  return body.data as R;
}

// -- the connection's state: online, reconnecting (the socket or a request failed), offline
// (the browser has no network). Shown by the page whenever it is not online.
export type Connection = "online" | "reconnecting" | "offline";
let socketDown = false;
let httpDown = false;
const connectionListeners = new Set<(c: Connection) => void>();

export function connection(): Connection {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return "offline";
  return socketDown || httpDown ? "reconnecting" : "online";
}
let lastConnection: Connection = "online";
function connectionChanged() {
  const now = connection();
  if (now === lastConnection) return;
  lastConnection = now;
  connectionListeners.forEach((f) => f(now));
}
function setHttpDown(down: boolean) {
  httpDown = down;
  connectionChanged();
}
export function onConnection(f: (c: Connection) => void): () => void {
  connectionListeners.add(f);
  return () => {
    connectionListeners.delete(f);
  };
}
if (typeof window !== "undefined") {
  addEventListener("online", connectionChanged);
  addEventListener("offline", connectionChanged);
}

/** The connection's state, re-rendered on change. */
export function useConnection(): Connection {
  const [state, setState] = useState<Connection>(connection);
  useEffect(() => {
    setState(connection());
    return onConnection(setState);
  }, []);
  return state;
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
    const client: Client = createClient({
      url,
      connectionParams: () => {
        const token = getToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      retryAttempts: Infinity,
      shouldRetry: () => true,
      retryWait: async (n) => new Promise((r) => setTimeout(r, Math.min(500 * 2 ** n, 5000))),
      keepAlive: 10_000,
      on: {
        connected: () => {
          if (socket !== client) return;
          socketDown = false;
          connectionChanged();
          emit("connected");
        },
        closed: () => {
          if (socket !== client) return; // disposed at logout
          socketDown = true;
          connectionChanged();
          emit("closed");
        },
      },
    });
    socket = client;
  }
  return socket;
}

export function resetSocket() {
  const old = socket;
  socket = null;
  old?.dispose();
  socketDown = false;
  connectionChanged();
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
