// The console's API types, generated from the service's OpenAPI document with openapi-typescript.
// One function for the generator script and the drift test (test/integration/console-api-types.int.test.ts).
import openapiTS, { astToString } from 'openapi-typescript';

export const API_TYPES_FILE = new URL('../src/api/schema.d.ts', import.meta.url);

const HEADER = `// Generated from the service's OpenAPI document by console/scripts/generate-api-types.ts.
// Do not edit: run \`npm run api-types\` after changing a route schema (a test fails until you do).
// The console reads these types by path (paths['/api/runs']['get']), never by component name.
`;

export async function renderApiTypes(document: object): Promise<string> {
  // openapi-typescript reads the document as given; a copy keeps the caller's object untouched.
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return `${HEADER}\n${astToString(ast)}`;
}
