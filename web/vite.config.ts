import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The build (web/dist) is served by the Django server at `/`; during `npm run dev` the
// API is proxied to a `make run` server on 127.0.0.1:8000.
export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false },
  server: {
    proxy: { "/graphql": { target: "http://127.0.0.1:8000", ws: true } },
  },
  test: { environment: "node", include: ["src/**/*.test.ts"] },
});
