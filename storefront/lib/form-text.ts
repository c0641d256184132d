/** A form field's text as submitted ('' when absent, or when the field is a file: no text field here is one). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
