import { useState, type ChangeEvent, type FormEvent } from 'react';

type Rules<V> = { [K in keyof V]?: (value: V[K]) => string | null };

/**
 * The sign-in page's form state: values, per-field messages (cleared by typing), checks on
 * submit. The other forms use the form library; this page keeps its first load light.
 */
export function useFields<V extends Record<string, string | boolean>>(
  initialValues: V,
  rules: Rules<V>,
) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});

  const setFieldValue = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const setFieldError = (name: string, error: string) =>
    setErrors((e) => ({ ...e, [name]: error }));

  /** Props of a text input (value) or, with `checkbox`, of a checkbox (checked). */
  const getInputProps = <K extends keyof V>(name: K, options?: { type: 'checkbox' }) => {
    const checkbox = options?.type === 'checkbox';
    const onChange = (e: ChangeEvent<HTMLInputElement>) =>
      setFieldValue(name, (checkbox ? e.currentTarget.checked : e.currentTarget.value) as V[K]);
    return checkbox
      ? { checked: values[name] as boolean, onChange, error: errors[name] }
      : { value: values[name] as string, onChange, error: errors[name] };
  };

  const onSubmit = (handler: (values: V) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<keyof V, string>> = {};
    for (const name of Object.keys(rules) as (keyof V)[]) {
      const message = rules[name]?.(values[name]);
      if (message) found[name] = message;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) handler(values);
  };

  return { values, errors, getInputProps, setFieldValue, setFieldError, onSubmit };
}
