import type { ReactElement } from 'react';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { DateInput } from '../common/DateInput';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_PATHS, type AuditActor } from '../../domain';
import { getJson } from '../../providers/rest';
import { useApiQuery } from '../common/useApiQuery';

const wide = { minWidth: { xs: '100%', sm: 200 } };

/** The staff the user may filter the trail by, named as the staff list names them. */
const useActorChoices = () => {
  const actors = useApiQuery<AuditActor[]>({
    queryKey: ['audit', 'actors'],
    queryFn: () => getJson<AuditActor[]>(AUDIT_PATHS.actors),
    staleTime: 60_000,
  });
  return (actors.data ?? []).map((actor) => ({
    id: actor.id,
    name: actor.username && actor.name !== actor.username ? `${actor.username} (${actor.name})` : (actor.username ?? actor.name),
  }));
};

/**
 * The filters of the audit trail, applied by the server and kept in the URL: who, what (an
 * entity, one record of it, an action) and the days.
 */
export function useAuditFilters(): ReactElement[] {
  const translate = useTranslate();
  const actors = useActorChoices();
  return [
    <SelectInput
      key="actorId"
      source="actorId"
      label="resources.audit.fields.actorId"
      choices={actors}
      translateChoice={false}
      alwaysOn
      sx={wide}
    />,
    <SelectInput
      key="entity"
      source="entity"
      label="resources.audit.fields.entity"
      choices={AUDIT_ENTITIES.map((entity) => ({ id: entity, name: translate(`resources.audit.entities.${entity}`) }))}
      translateChoice={false}
      alwaysOn
      sx={wide}
    />,
    <DateInput key="from" source="from" label="resources.audit.fields.from" alwaysOn />,
    <DateInput key="to" source="to" label="resources.audit.fields.to" alwaysOn />,
    <SelectInput
      key="action"
      source="action"
      label="resources.audit.fields.action"
      choices={AUDIT_ACTIONS.map((action) => ({ id: action, name: `resources.audit.actions.${action}` }))}
      sx={wide}
    />,
    <TextInput key="entityId" source="entityId" label="resources.audit.fields.entityId" resettable sx={wide} />,
  ];
}
