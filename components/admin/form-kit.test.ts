/**
 * Back-office forms as the server sends them, before React has hydrated the page: a click then was
 * the browser's own GET, every field in the address (a new account's password included).
 */
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubmitButton, useFormAction } from './form-kit';

// Its children as createElement's third argument (the props type asks for them among the props).
const Button = SubmitButton as (props: { pendingLabel: string; children?: ReactNode }) => ReactNode;

function Form() {
  const { formProps } = useFormAction(async () => ({ ok: true, data: null }));
  return createElement('form', formProps, createElement(Button, { pendingLabel: 'Création…' }, 'Créer le compte'));
}

describe('a back-office form before hydration', () => {
  it('cannot be sent: its submit button waits for the page to be ready, and the form would post, not put fields in its address', () => {
    const html = renderToStaticMarkup(createElement(Form));
    expect(html).toMatch(/<form[^>]* method="post"/);
    expect(html).toMatch(/<button type="submit" disabled=""/);
  });
});
