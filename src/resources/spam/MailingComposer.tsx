import { Box, Card, CardContent, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Form, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formValidator, mailingCreateSchema, mailingTestSchema, MAILING_MIN_TEXT } from '../../domain';
import { PhotoInput } from '../common/PhotoInput';
import { composerDefaults, createBody, readComposer, testBody } from './composerValues';
import { ComposerActions } from './ComposerActions';
import { MailingButtonInputs } from './MailingButtonInputs';
import { RecipientCount } from './RecipientCount';

const checkCreate = formValidator(mailingCreateSchema);
const checkTest = formValidator(mailingTestSchema);

/** The message's problems, and the test recipient's once one is typed. */
const validateFor = (cityId: number) => (form: Record<string, unknown>) => {
  const values = readComposer(form);
  const problems = checkCreate(createBody(values, cityId));
  const recipient = values.recipientId.trim() === '' ? undefined : checkTest(testBody(values, cityId)).recipientId;
  return recipient ? { ...problems, recipientId: recipient } : problems;
};

/** The text's length under the field, so the 10-character minimum is visible as one types. */
const TextLength = () => {
  const translate = useTranslate();
  const text: unknown = useWatch({ name: 'text' });
  return <>{translate('resources.spam.composer.textHelp', { length: typeof text === 'string' ? text.length : 0 })}</>;
};

/**
 * The mailing of a city: who it reaches (active since a day), its text, photo and button; a
 * test to one recipient, and the send after a confirmation naming the number of recipients.
 * Every rule is the API's own (src/domain/mailings.ts), checked as the user types.
 */
export const MailingComposer = ({ cityId }: { cityId: number }) => {
  const translate = useTranslate();
  const [uploading, setUploading] = useState(false);
  const defaults = useMemo(() => composerDefaults(), []);
  const validate = useMemo(() => validateFor(cityId), [cityId]);
  return (
    <Card component="section" aria-labelledby="spam-composer-title">
      <CardContent>
        <Form defaultValues={defaults} validate={validate} mode="onChange" onSubmit={() => undefined} noValidate>
          <RecipientCount cityId={cityId} />
          <Typography id="spam-composer-title" variant="h6" component="h2" gutterBottom sx={{ mt: 1 }}>
            {translate('resources.spam.composer.title')}
          </Typography>
          <TextInput
            source="text"
            label="resources.spam.composer.text"
            multiline
            minRows={4}
            fullWidth
            helperText={<TextLength />}
            slotProps={{ htmlInput: { minLength: MAILING_MIN_TEXT } }}
          />
          <PhotoInput source="photoId" cityId={cityId} label="resources.spam.composer.photo" onUploading={setUploading} />
          <MailingButtonInputs cityId={cityId} />
          <Box sx={{ mt: 2 }}>
            <ComposerActions cityId={cityId} uploading={uploading} defaults={defaults} />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
};
