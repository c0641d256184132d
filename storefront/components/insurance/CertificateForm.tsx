/**
 * Keeping a certificate of insurance: the file and what a house checks on it, the fields (their
 * labels, hints, bounds and which are required) from the schema's certificate upload, handed down
 * in the storefront's configuration. Each field the server refuses is marked beside it.
 */
import { useId, useState, type FormEvent } from 'react';
import type { CertificateUpload } from '../../../schema/types.generated';
import type { CertificateField } from '../../../schema/visitor-forms';
import { base64Of } from '../../../schema/display/file-base64';
import { certificateDetailsOf } from '../../../schema/display/certificate-details';
import { PLATFORM_TENANT_ID } from '../../../schema/routes';
import { IdentityError, toIdentityError } from '../../auth/identity-api';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { quoteMessages } from '../../i18n/quote-messages';

const words = quoteMessages.insurance.kept;

export function CertificateForm({
  submitLabel,
  onKeep,
}: {
  submitLabel: string;
  /** Keeps the upload (and uses it, on a quote page); a refusal is shown by field. */
  onKeep: (upload: CertificateUpload) => Promise<void>;
}) {
  const { forms, site, vendor, tenantId } = useConfiguration();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const problemOf = (name: string) => error?.fields[name] ?? (error?.field === name ? error.message : undefined);
  const onPlatform = tenantId === PLATFORM_TENANT_ID;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const file = form.get('file');
    setError(undefined);
    if (!(file instanceof File) || file.size === 0)
      return setError(new IdentityError(quoteMessages.insurance.chooseFile, 400, undefined, 'data'));
    setBusy(true);
    try {
      const details = certificateDetailsOf(forms.certificateFields, (name) => form.get(name) ?? undefined);
      await onKeep({ data: await base64Of(file), fileName: file.name, ...details } as CertificateUpload);
      element.reset();
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };

  const input = (field: CertificateField) => {
    const problem = problemOf(field.name);
    const described = [field.description && `${formId}-${field.name}-hint`, problem && `${formId}-${field.name}-error`]
      .filter(Boolean)
      .join(' ');
    const common = {
      name: field.name,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': described || undefined,
    };
    if (field.input === 'checkbox') return <input type="checkbox" {...common} />;
    if (field.input === 'currency')
      return (
        <input
          {...common}
          required
          defaultValue={site.currency}
          maxLength={3}
          pattern="[A-Za-z]{3}"
          autoCapitalize="characters"
          spellCheck={false}
        />
      );
    if (field.input === 'number')
      return (
        <input
          {...common}
          type="number"
          required={field.required}
          min={field.min}
          max={field.max}
          step="0.01"
          inputMode="decimal"
        />
      );
    return (
      <input
        {...common}
        type={field.input === 'date' ? 'date' : 'text'}
        required={field.required}
        maxLength={field.maxLength}
        placeholder={
          field.name === 'additionalInsured'
            ? onPlatform
              ? words.lessorHintPlatform
              : words.lessorHint(vendor.legalName ?? vendor.displayName)
            : undefined
        }
      />
    );
  };

  return (
    <form className="form-card certificate-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
      {error && (
        <p className="field-error" role="alert">
          {error.field || Object.keys(error.fields).length ? words.problems : error.message}
        </p>
      )}
      <label>
        {words.file}
        <input
          name="file"
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          required
          aria-invalid={problemOf('data') ? true : undefined}
          aria-describedby={problemOf('data') ? `${formId}-data-error` : undefined}
        />
      </label>
      {problemOf('data') && (
        <p id={`${formId}-data-error`} className="field-error">
          {problemOf('data')}
        </p>
      )}
      <div className="certificate-fields">
        {forms.certificateFields.map((field) => (
          <div key={field.name} className={`field${field.input === 'checkbox' ? ' field-check' : ''}`}>
            <label>
              {field.input === 'checkbox' && input(field)}
              <span>
                {field.label}
                {!field.required && field.input !== 'checkbox' && (
                  <span className="field-hint"> ({words.optional})</span>
                )}
              </span>
              {field.input !== 'checkbox' && input(field)}
            </label>
            {field.description && (
              <p id={`${formId}-${field.name}-hint`} className="field-hint">
                {field.description}
              </p>
            )}
            {problemOf(field.name) && (
              <p id={`${formId}-${field.name}-error`} className="field-error">
                {problemOf(field.name)}
              </p>
            )}
          </div>
        ))}
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? words.keeping : submitLabel}
        </button>
      </div>
    </form>
  );
}
