// Decider of the notification settings. It shares the org stream with the org and integration
// deciders: each folds only the events it knows, and all append with an expected revision.
import type { Decider } from './decider.js';
import { invalid } from './errors.js';
import { chatChannels, notificationKinds, webhookRefField, type NotificationEvent, type NotificationSettings } from './notification.events.js';

export interface NotificationState {
  settings: NotificationSettings | undefined;
}

export type NotificationCommand = { type: 'SaveNotificationSettings'; settings: NotificationSettings; now: Date };

const SECRET_REF = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** Recipients lower-cased, sorted, without duplicates; kinds in their declared order. */
function normalize(s: NotificationSettings): NotificationSettings {
  return {
    ...s,
    email_recipients: [...new Set(s.email_recipients.map((e) => e.trim().toLowerCase()))].sort(),
    events: notificationKinds.filter((k) => s.events.includes(k)),
  };
}

function same(a: NotificationSettings, b: NotificationSettings): boolean {
  return (
    chatChannels.every((c) => a[webhookRefField(c)] === b[webhookRefField(c)]) &&
    JSON.stringify(a.email_recipients) === JSON.stringify(b.email_recipients) &&
    JSON.stringify(a.events) === JSON.stringify(b.events)
  );
}

export const notificationDecider: Decider<NotificationState, NotificationCommand, NotificationEvent> = {
  initialState: { settings: undefined },
  decide(command, state) {
    const settings = normalize(command.settings);
    // The last line of defence for "secrets never enter an event": a webhook URL pasted where its
    // reference belongs is refused, not recorded forever.
    for (const channel of chatChannels) {
      const ref = settings[webhookRefField(channel)];
      if (ref !== undefined && !SECRET_REF.test(ref)) throw invalid('Notification settings must reference stored webhook URLs by id');
    }
    const bad = settings.email_recipients.find((e) => !EMAIL.test(e));
    if (bad !== undefined) throw invalid(`body/email_recipients: '${bad.slice(0, 100)}' is not an e-mail address`);
    if (state.settings && same(state.settings, settings)) return [];
    return [{ type: 'NotificationSettingsSaved', data: { settings, at: command.now.toISOString() } }];
  },
  evolve(state, event) {
    return event.type === 'NotificationSettingsSaved' ? { settings: event.data.settings } : state;
  },
};
