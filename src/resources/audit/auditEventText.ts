import { auditNameKey, auditSubject, type AuditEvent, type AuditRecord } from '../../domain';
import { auditValueText, subjectName, type AuditFormat } from './auditValue';

/**
 * The sentence of a change people know by its name: "admin stopped the mailing “Spring menu”
 * at 40/120", "olga paused the restaurant Brick Lane until 05.03.2026, 18:00", "olga moved the
 * order AB12CD34E: Confirmed → Delivered".
 */
export const auditEventText = (event: AuditEvent, record: AuditRecord, who: string, format: AuditFormat): string => {
  const { translate } = format;
  const subject = auditSubject(record);
  const named = subjectName(subject ? auditNameKey(subject.kind, subject.id) : null, format) ?? `#${record.entityId ?? ''}`;
  switch (event.kind) {
    case 'mailingStopped':
      return record.progress
        ? translate('resources.audit.events.mailingStopped', {
            who,
            mailing: named,
            position: record.progress.position,
            count: record.progress.count,
          })
        : translate('resources.audit.events.mailingStoppedUnknown', { who, mailing: named });
    case 'restaurantPaused':
      return event.until === null
        ? translate('resources.audit.events.restaurantPausedOpen', { who, restaurant: named })
        : translate('resources.audit.events.restaurantPaused', { who, restaurant: named, until: format.time(event.until) });
    case 'restaurantReopened':
      return translate('resources.audit.events.restaurantReopened', { who, restaurant: named });
    case 'orderLate':
      return translate('resources.audit.events.orderLate', {
        order: named,
        status: auditValueText({ entity: 'orders', field: 'status', settingKey: null }, event.status, format).text,
        minutes: event.minutes,
      });
    case 'orderStatus': {
      const place = { entity: 'orders', field: 'status', settingKey: null };
      return translate('resources.audit.events.orderStatus', {
        who,
        order: named,
        from: auditValueText(place, event.from, format).text,
        to: auditValueText(place, event.to, format).text,
      });
    }
  }
};
