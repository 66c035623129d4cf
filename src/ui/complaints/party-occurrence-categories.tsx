import { Alert, Card, Descriptions, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { OccurrenceCategoriesViewModel } from './occurrence-categories.view-model';

/** Each category's catalogue key (the committee's form, occurrence-categories.tsx, uses the same words). */
const WORD_KEYS: Record<string, string> = {
  SEXUAL: 'vSexual',
  NON_SEXUAL: 'vNonSexual',
  RACE: 'vRace',
  NATIONAL_OR_ETHNIC_ORIGIN: 'vOrigin',
  COLOUR: 'vColour',
  RELIGION: 'vReligion',
  AGE: 'vAge',
  SEX: 'vSex',
  SEXUAL_ORIENTATION: 'vOrientation',
  GENDER_IDENTITY_OR_EXPRESSION: 'vGenderIdentity',
  MARITAL_STATUS: 'vMarital',
  FAMILY_STATUS: 'vFamily',
  GENETIC_CHARACTERISTICS: 'vGenetic',
  DISABILITY: 'vDisability',
  PARDONED_CONVICTION: 'vPardoned',
  WORKPLACE: 'vWorkplace',
  WORK_EVENT: 'vWorkEvent',
  WORK_TRAVEL: 'vWorkTravel',
  ONLINE: 'vOnline',
  OTHER: 'vOther',
  SUPERVISOR_TO_EMPLOYEE: 'vSupervisorToEmployee',
  EMPLOYEE_TO_SUPERVISOR: 'vEmployeeToSupervisor',
  BETWEEN_COLLEAGUES: 'vColleagues',
  THIRD_PARTY: 'vThirdParty',
  NEGOTIATED_RESOLUTION: 'vNegotiated',
  CONCILIATION: 'vConciliation',
  INVESTIGATION: 'vInvestigation',
  WITHDRAWN: 'vWithdrawn',
};
/** A category's words in the reader's language (a code the catalogue lacks shows as itself). */
export const categoryWord = (code: string) => (WORD_KEYS[code] ? tr(`case.${WORD_KEYS[code]}`) : code);
const word = (code: string | null) => (code ? categoryWord(code) : tr('case.catNotRecorded'));

/**
 * CA-10 on the principal party's page of a Canadian case: how the designated recipients count this occurrence in the
 * annual report (LAB1206), to read, in the reader's language. The responding party never sees it.
 */
export const PartyOccurrenceCategories = observer(function PartyOccurrenceCategories({
  complaintId,
}: {
  complaintId: string;
}) {
  const vm = useViewModel(OccurrenceCategoriesViewModel);
  useEffect(() => {
    void vm.load(complaintId);
  }, [vm, complaintId]);
  if (vm.state.status === 'error')
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={tr('case.catError')}
        description={vm.state.error}
      />
    );
  const c = vm.state.value?.categories;
  if (!c) return null;
  return (
    <Card title={tr('case.catTitle')} size="small" style={{ marginBottom: 16 }}>
      <div role="region" aria-label={tr('case.catTitle')}>
        <Typography.Paragraph type="secondary">{tr('case.catIntro')}</Typography.Paragraph>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={tr('case.catNature')}>{word(c.nature)}</Descriptions.Item>
          <Descriptions.Item label={tr('case.catGrounds')}>
            {c.grounds.length > 0 ? c.grounds.map(word).join(', ') : word(null)}
          </Descriptions.Item>
          <Descriptions.Item label={tr('case.catLocation')}>{word(c.location)}</Descriptions.Item>
          <Descriptions.Item label={tr('case.catRelationship')}>{word(c.relationship)}</Descriptions.Item>
          <Descriptions.Item label={tr('case.catResolution')}>{word(c.resolution)}</Descriptions.Item>
        </Descriptions>
      </div>
    </Card>
  );
});
