import { DELIVERY_OUTCOMES } from '../../domain/webhooks/webhook.js';
import type { Clock } from '../ports/clock.js';
import type { GaugeReading, OperationalGauge } from '../ports/operational-gauge.js';
import type { WebhookStore } from '../ports/webhook-store.js';

/** The span the delivery figures cover: the attempts logged in the last five minutes. */
export const WEBHOOK_FIGURES_WINDOW_MS = 5 * 60 * 1000;

/**
 * The delivery figures an operator watches, read from the delivery log and the subscriptions (so every process reports
 * the same, `shared`): attempts in the last five minutes by outcome, their mean and longest duration, and how many
 * subscriptions are failing (stopped after a day of failures: each is a receiver its owner must fix).
 */
export function webhookGauges(store: WebhookStore, clock: Clock): OperationalGauge[] {
  const figures = () => store.figures(new Date(clock.now().getTime() - WEBHOOK_FIGURES_WINDOW_MS));
  const gauge = (name: string, help: string, labelNames: readonly string[], read: () => Promise<readonly GaugeReading[]>): OperationalGauge => ({
    name,
    help,
    labelNames,
    shared: true,
    read,
  });
  return [
    gauge('spindle_webhook_deliveries_recent', 'Webhook delivery attempts in the last five minutes, by outcome', ['outcome'], async () => {
      const f = await figures();
      return DELIVERY_OUTCOMES.map((outcome) => ({ labels: { outcome }, value: f.attempts[outcome] }));
    }),
    gauge('spindle_webhook_delivery_seconds_recent', 'Duration of the webhook delivery attempts of the last five minutes (mean and max), in seconds', ['stat'], async () => {
      const f = await figures();
      const n = f.attempts.succeeded + f.attempts.failed;
      return [
        { labels: { stat: 'mean' }, value: n === 0 ? 0 : f.totalDurationMs / n / 1000 },
        { labels: { stat: 'max' }, value: f.maxDurationMs / 1000 },
      ];
    }),
    gauge('spindle_webhooks_failing', 'Webhook subscriptions stopped after a day of failed deliveries', [], async () => [{ labels: {}, value: (await figures()).failing }]),
  ];
}
