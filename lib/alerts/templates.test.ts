/**
 * The text part of the messages readers get: each link printed once (it was printed twice in a row,
 * as its own label), in both languages.
 */
import { describe, expect, it } from 'vitest';
import { confirmMessage, manageMessage } from './templates';

const count = (text: string, s: string) => text.split(s).length - 1;
const CONFIRM = 'https://stat.example/alertes/confirmation?jeton=abc';
const MANAGE = 'https://stat.example/alertes/gerer?jeton=def';
const UNSUBSCRIBE = 'https://stat.example/alertes/desabonnement?jeton=def';

describe.each(['fr', 'en'] as const)('message text (%s)', (locale) => {
  it('the confirmation prints its link once, on its own line after the sentence that asks to follow it', () => {
    const { text, html } = confirmMessage(locale, CONFIRM);
    expect(count(text, CONFIRM)).toBe(1);
    expect(text).toMatch(new RegExp(`:\\n\\n${CONFIRM.replace(/[.?]/g, '\\$&')}\\n\\n`));
    expect(count(html, `href="${CONFIRM}"`)).toBe(1);
  });

  it('the « address again » message prints each link once', () => {
    const { text, html } = manageMessage(locale, { manage: MANAGE, unsubscribe: UNSUBSCRIBE });
    expect(count(text, MANAGE)).toBe(1);
    expect(count(text, UNSUBSCRIBE)).toBe(1);
    expect(count(html, `href="${MANAGE}"`)).toBe(1);
    expect(count(html, `href="${UNSUBSCRIBE}"`)).toBe(1);
    expect(text).not.toMatch(/(https:\S+)\s+\1/);
  });
});
