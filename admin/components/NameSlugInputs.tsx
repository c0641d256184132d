/**
 * A name and its URL slug, side by side (custom fields and their options, category levels).
 * A new entry's slug follows its name as it is typed, until the admin edits the slug; an
 * existing entry's slug never changes by itself (it is in the storefront's URLs).
 */
import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { slugify } from '../../schema/slugify';
import type { FieldSpec } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';

export interface NameSlugInputsProps {
  rowSource: string;
  name: FieldSpec;
  slug: FieldSpec;
  extraValidators?: Validator[];
}

export function NameSlugInputs({ rowSource, name, slug, extraValidators = [] }: NameSlugInputsProps) {
  const { getValues, setValue } = useFormContext();
  const nameValue = useWatch({ name: `${rowSource}.name` }) as string | undefined;
  // A row whose slug is empty when it appears is new: its slug follows the name.
  const follows = useRef(!getValues(`${rowSource}.slug`));
  useEffect(() => {
    if (follows.current && typeof nameValue === 'string')
      setValue(`${rowSource}.slug`, slugify(nameValue, slug.maxLength), {
        shouldValidate: nameValue !== '',
        shouldDirty: true,
      });
  }, [nameValue, rowSource, setValue, slug.maxLength]);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <SchemaInput
          field={name}
          source={`${rowSource}.name`}
          extraValidators={extraValidators}
          size="small"
          hideHelp
        />
      </Box>
      <Box sx={{ flex: '1 1 140px', minWidth: 0 }} onInput={() => (follows.current = false)}>
        <SchemaInput
          field={slug}
          source={`${rowSource}.slug`}
          extraValidators={extraValidators}
          size="small"
          hideHelp
        />
      </Box>
    </Box>
  );
}
