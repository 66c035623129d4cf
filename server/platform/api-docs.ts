import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Gives one API its own OpenAPI 3.1 document at `<base>/openapi.json` and a browsable reference at
 * `<base>/docs`, generated from the zod contracts its routes are declared with.
 */
export async function apiDocs(api: FastifyInstance, info: { title: string; description: string; base: string }) {
  await api.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: info.title, description: info.description, version: '1.0.0' },
      servers: [{ url: info.base }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      // Paths are documented relative to the API's base URL (the `servers` entry).
      return { ...out, url: out.url.startsWith(info.base) ? out.url.slice(info.base.length) || '/' : out.url };
    },
    hideUntagged: true,
  });
  await api.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
}
