// Serves the bare floor app's production build the way a new Remix 2 + Express
// project does: express, the Remix request handler, nothing else.
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import express from "express";

installGlobals({ nativeFetch: true });
const build = await import(new URL("./build/server/index.js", import.meta.url).href);
const app = express();
app.disable("x-powered-by");
app.all("*", createRequestHandler({ build, mode: "production" }));
const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`floor listening on http://127.0.0.1:${server.address().port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
