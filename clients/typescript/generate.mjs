// Generates src/generated/ from an OpenAPI document with the pinned @hey-api/openapi-ts
// (package-lock.json): `node generate.mjs [openapi.json]`, the repository's
// clients/openapi.json by default. ./scripts/gen-sdk runs it, then `tsc` builds dist/.
import { fileURLToPath } from "node:url";
import path from "node:path";
import { createClient } from "@hey-api/openapi-ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const input = path.resolve(process.argv[2] ?? path.join(here, "..", "openapi.json"));

await createClient({
  input,
  output: {
    path: path.join(here, "src", "generated"),
    // Relative imports end in .js: the built ESM runs in Node and in a browser as it is,
    // with no bundler (the extension imports it directly).
    importFileExtension: ".js",
    tsConfigPath: path.join(here, "tsconfig.json"),
    format: null,
    lint: null,
  },
  logs: { level: "silent", file: false },
  plugins: [
    "@hey-api/typescript",
    // Functions named by the document's operation ids (createLink, listLinks, ...).
    { name: "@hey-api/sdk" },
    // The fetch client, generated into src/generated/client/ (no runtime dependency).
    { name: "@hey-api/client-fetch", throwOnError: true },
  ],
});
