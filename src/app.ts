// buildApp(services): the Fastify application as a plugin tree, registered from services already
// built in src/composition (it constructs no adapter and no command). It never listens; server.ts
// does, and tests call createServices + buildApp + app.inject.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppServices } from './composition/app-services.js';
import authPlugin from './http/plugins/auth.js';
import emptyBodyPlugin from './http/plugins/empty-body.js';
import finiteNumbersPlugin from './http/plugins/finite-numbers.js';
import storableTextPlugin from './http/plugins/storable-text.js';
import tracingPlugin from './http/plugins/tracing.js';
import seenUsersPlugin from './http/plugins/seen-users.js';
import idempotencyPlugin from './http/plugins/idempotency.js';
import requestLogContextPlugin from './http/plugins/request-log-context.js';
import metricsPlugin from './http/plugins/metrics.js';
import { metricsRoutes } from './http/routes/metrics.routes.js';
import { RequestLogController } from './http/request-log.js';
import consolePlugin from './http/plugins/console.js';
import { consoleRoutes } from './http/routes/console.routes.js';
import errorsPlugin from './http/plugins/errors.js';
import openApiPlugin from './http/plugins/openapi.js';
import permissionsPlugin from './http/plugins/permissions.js';
import rateLimitPlugin from './http/plugins/rate-limit.js';
import { backlogRoutes } from './http/routes/backlog.routes.js';
import { billingRoutes } from './http/routes/billing.routes.js';
import { chatWebhookRoutes } from './http/routes/chat-webhook.routes.js';
import { emailBounceRoutes } from './http/routes/email-bounce.routes.js';
import { exportRoutes } from './http/routes/exports.routes.js';
import { auditRoutes } from './http/routes/audit.routes.js';
import { featureFlagRoutes } from './http/routes/feature-flags.routes.js';
import { healthRoutes } from './http/routes/health.routes.js';
import { integrationRoutes } from './http/routes/integration.routes.js';
import { notificationSettingsRoutes } from './http/routes/notification-settings.routes.js';
import { orgSettingsRoutes } from './http/routes/org-settings.routes.js';
import { rbacRoutes } from './http/routes/rbac.routes.js';
import { readSideRoutes } from './http/routes/read-side.routes.js';
import { runCommandRoutes } from './http/routes/run-commands.routes.js';
import { runStreamRoutes } from './http/routes/run-stream.routes.js';
import { runsRoutes } from './http/routes/runs.routes.js';
import { scheduleRoutes } from './http/routes/schedule.routes.js';
import { suppressionRoutes } from './http/routes/suppressions.routes.js';
import { userRoutes } from './http/routes/user.routes.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(services: AppServices): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.logger,
    // One line per request, at response time, naming the caller (src/http/request-log.ts).
    logController: new RequestLogController(),
    ...services.server,
    // Honour a caller's request id when it is sane, so logs line up across services.
    genReqId: (req) => {
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Above the longest identifier a schema accepts (128), so that schemas, not the router, name the field.
    routerOptions: { maxParamLength: 256 },
    // Errors the router raises before any hook runs (malformed URL, over-long parameter): same shape
    // as every other handler error, and the request id header.
    frameworkErrors: (err, request, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .header('x-request-id', request.id)
        .send({ detail: tooLong ? 'A path parameter is too long' : 'Malformed URL' });
    },
    ajv: {
      // Reject unknown fields (docs/architecture.md, "Request shapes") instead of silently dropping them.
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  // Order matters: the hooks run in registration order (see each plugin's header).
  // Tracing first: its span covers the whole request, refusals by the other plugins included.
  if (services.httpTracing) await app.register(tracingPlugin);
  await app.register(errorsPlugin);
  await app.register(metricsPlugin, services.metrics);
  await app.register(finiteNumbersPlugin);
  await app.register(emptyBodyPlugin);
  await app.register(storableTextPlugin);
  await app.register(rateLimitPlugin, services.rateLimit);
  await app.register(authPlugin, services.auth);
  await app.register(requestLogContextPlugin);
  await app.register(permissionsPlugin, services.permissions);
  await app.register(seenUsersPlugin, services.seenUsers);
  await app.register(openApiPlugin, { version: services.apiVersion });
  await app.register(idempotencyPlugin, services.idempotency);

  await app.register(consoleRoutes, services.console);
  await app.register(consolePlugin, { connectOrigins: services.console.connectOrigins });
  await app.register(healthRoutes, services.health);
  await app.register(userRoutes, services.users);
  await app.register(rbacRoutes, services.members);
  await app.register(orgSettingsRoutes, services.org);
  await app.register(scheduleRoutes, services.org);
  await app.register(featureFlagRoutes, services.org);
  await app.register(integrationRoutes, services.integration);
  if (services.notifications) await app.register(notificationSettingsRoutes, services.notifications);
  await app.register(runsRoutes, services.runs);
  await app.register(readSideRoutes, services.readSide);
  await app.register(exportRoutes, services.exports);
  await app.register(auditRoutes, services.audit);
  const { feed } = services.runStream;
  app.addHook('onClose', () => feed.close());
  await app.register(runStreamRoutes, services.runStream);
  await app.register(runCommandRoutes, services.runs);
  await app.register(backlogRoutes, services.backlog);
  await app.register(chatWebhookRoutes, services.chat);
  await app.register(billingRoutes, services.billing);
  await app.register(emailBounceRoutes, services.emailBounce);
  await app.register(suppressionRoutes, services.suppressions);
  await app.register(metricsRoutes, services.metrics);
  return app;
}
