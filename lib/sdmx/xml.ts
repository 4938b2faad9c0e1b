/** Writing SDMX-ML 2.1 (pure): escaping, the namespaces, a message's header, names in French and English. */
import type { Labels } from '@/lib/tables/model';

export const ns = {
  message: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message',
  common: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/common',
  structure: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/structure',
  generic: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/generic',
  structurespecific: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/structurespecific',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  xml: 'http://www.w3.org/XML/1998/namespace',
};

/** Text and attribute values escaped (and the characters XML 1.0 cannot hold dropped). */
export const esc = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** `<common:Name xml:lang="fr">…</common:Name>` and its English twin when there is one. */
export function texts(element: string, labels: Labels | undefined): string {
  if (!labels) return '';
  let out = `<${element} xml:lang="fr">${esc(labels.fr)}</${element}>`;
  if (labels.en && labels.en !== labels.fr) out += `<${element} xml:lang="en">${esc(labels.en)}</${element}>`;
  return out;
}

/** An instant as SDMX writes it (`2026-11-12T08:45:00Z`). */
export const sdmxInstant = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A message ID: letters, digits and _ (IDType). */
export const messageId = (prefix: string, now: Date) => `${prefix}_${now.getTime().toString(36).toUpperCase()}`;

/** The header every message starts with (`structure`: the `message:Structure` elements of a data message). */
export function header(id: string, prepared: Date, sender: { id: string; name: Labels }, structure = ''): string {
  return (
    '<message:Header>' +
    `<message:ID>${esc(id)}</message:ID>` +
    '<message:Test>false</message:Test>' +
    `<message:Prepared>${sdmxInstant(prepared)}</message:Prepared>` +
    `<message:Sender id="${esc(sender.id)}">${texts('common:Name', sender.name)}</message:Sender>` +
    structure +
    '</message:Header>'
  );
}
