// Clients of outside services, each built from configuration: Stripe (API and webhook verifier),
// SNS (message verifier and replay ledger) and the language model (extractor and chat assistant).
import type { Knex } from 'knex';
import { assertProviderUrlAllowed, ProviderUrlError } from '../adapters/boards/url-policy.js';
import { createChatAssistant } from '../adapters/llm/chat-assistant.js';
import { createChatCompletionsExtractor } from '../adapters/llm/chat-completions-extractor.js';
import { createReplayLedger } from '../adapters/sns/sns-replay-ledger.js';
import { createSnsVerifier, productionSnsTrust, type SnsTrust } from '../adapters/sns/sns-verifier.js';
import { createStripeBilling } from '../adapters/stripe/stripe-billing.js';
import { createStripeWebhookVerifier } from '../adapters/stripe/stripe-events.js';
import type { Config } from '../config.js';

function assertStripeApiUrl(url: string, allowPrivate: boolean): void {
  try {
    assertProviderUrlAllowed(url, allowPrivate);
  } catch (err) {
    if (err instanceof ProviderUrlError) throw new Error(`STRIPE_API_URL is not allowed: ${err.message}`, { cause: err });
    throw err;
  }
}

export function createStripe(config: Config, now: () => Date) {
  const { STRIPE_SECRET_KEY, STRIPE_API_URL, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_TEAM, STRIPE_PRICE_BUSINESS } = config;
  // The secret key travels to this URL: in production HTTPS on a public host only (as for board URLs).
  if (STRIPE_API_URL) assertStripeApiUrl(STRIPE_API_URL, config.allowPrivateProviderUrls);
  return {
    provider: STRIPE_SECRET_KEY ? createStripeBilling({ secretKey: STRIPE_SECRET_KEY, ...(STRIPE_API_URL ? { apiUrl: STRIPE_API_URL } : {}) }) : undefined,
    prices: { ...(STRIPE_PRICE_TEAM ? { team: STRIPE_PRICE_TEAM } : {}), ...(STRIPE_PRICE_BUSINESS ? { business: STRIPE_PRICE_BUSINESS } : {}) },
    verifyWebhook: STRIPE_WEBHOOK_SECRET
      ? createStripeWebhookVerifier({ secret: STRIPE_WEBHOOK_SECRET, toleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_SECONDS, now })
      : undefined,
  };
}

/**
 * The SNS verifier and replay ledger. `trust` is passed by the test harness only (see
 * docs/email-suppressions.md); absent → AWS's SNS hosts and the system CAs. Never configuration.
 */
export function createSns(config: Config, knex: Knex, now: () => Date, trust: SnsTrust | undefined) {
  return {
    verifier: createSnsVerifier({
      trust: trust ?? productionSnsTrust,
      ...(config.SNS_TOPIC_ARN ? { topicArn: config.SNS_TOPIC_ARN } : {}),
      requireTopic: config.isProduction,
      now: () => now().getTime(),
    }),
    ledger: createReplayLedger(knex, { maxRows: config.SNS_LEDGER_MAX_ROWS, maxAgeMs: config.SNS_LEDGER_MAX_AGE_HOURS * 3_600_000, now }),
  };
}

/** The language-model clients; both absent unless LLM_API_URL and LLM_API_KEY are set. */
export function createLanguageModel(config: Config) {
  const { LLM_API_URL, LLM_API_KEY, LLM_MODEL } = config;
  if (!LLM_API_URL || !LLM_API_KEY) return {};
  return {
    extractor: createChatCompletionsExtractor({ apiUrl: LLM_API_URL, apiKey: LLM_API_KEY, model: LLM_MODEL, timeoutMs: config.LLM_TIMEOUT_MS }),
    assistant: createChatAssistant({ apiUrl: LLM_API_URL, apiKey: LLM_API_KEY, model: LLM_MODEL, timeoutMs: config.CHAT_ASSISTANT_TIMEOUT_MS }),
  };
}
