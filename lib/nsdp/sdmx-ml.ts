/**
 * SDMX-ML 2.1 Generic Data messages for the National Summary Data Page: one message per data
 * category, one series per indicator, keyed like the IMF's ECOFIN structure (FREQ, REF_AREA,
 * INDICATOR) with the observation status of each value. Values are the published ones, as the
 * series page shows them (rounded to the series' decimals).
 */
import { frequencyCode, periodOf, type SeriesData } from '@/lib/series/model';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type SdmxMlOptions = {
  /** Message ID (letters, digits, _ and -). */
  id: string;
  /** Sender: the institute (its acronym) and its country (REF_AREA). */
  sender: { id: string; name: string };
  refArea: string;
  prepared: Date;
};

export function toSdmxMl(data: (SeriesData & { indicator: string })[], options: SdmxMlOptions): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<message:GenericData xmlns:message="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message" ' +
      'xmlns:generic="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/generic" ' +
      'xmlns:common="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/common" xmlns:xml="http://www.w3.org/XML/1998/namespace">',
    '  <message:Header>',
    `    <message:ID>${escape(options.id)}</message:ID>`,
    '    <message:Test>false</message:Test>',
    `    <message:Prepared>${options.prepared.toISOString().replace(/\.\d{3}Z$/, 'Z')}</message:Prepared>`,
    `    <message:Sender id="${escape(options.sender.id)}"><common:Name ` +
      `xml:lang="fr">${escape(options.sender.name)}</common:Name></message:Sender>`,
    '    <message:Structure structureID="ECOFIN_DSD" dimensionAtObservation="TIME_PERIOD">',
    '      <common:Structure><Ref agencyID="IMF" id="ECOFIN_DSD" version="1.0"/></common:Structure>',
    '    </message:Structure>',
    '  </message:Header>',
    '  <message:DataSet structureRef="ECOFIN_DSD" action="Information">',
  ];
  for (const d of data) {
    out.push(
      '    <generic:Series>',
      '      <generic:SeriesKey>',
      `        <generic:Value id="FREQ" value="${frequencyCode[d.meta.frequency]}"/>`,
      `        <generic:Value id="REF_AREA" value="${escape(options.refArea)}"/>`,
      `        <generic:Value id="INDICATOR" value="${escape(d.indicator)}"/>`,
      '      </generic:SeriesKey>',
      '      <generic:Attributes>',
      '        <generic:Value id="UNIT_MULT" value="0"/>',
      `        <generic:Value id="DECIMALS" value="${d.meta.decimals}"/>`,
      `        <generic:Value id="SOURCE_SERIES_CODE" value="${escape(d.meta.code)}"/>`,
      `        <generic:Value id="TITLE" value="${escape(d.meta.label)}"/>`,
      '      </generic:Attributes>',
    );
    for (const o of d.observations) {
      out.push(
        '      <generic:Obs>',
        `        <generic:ObsDimension value="${periodOf(o.period, d.meta.frequency)}"/>`,
        `        <generic:ObsValue value="${o.value.toFixed(d.meta.decimals)}"/>`,
        `        <generic:Attributes><generic:Value id="OBS_STATUS" value="${o.status}"/></generic:Attributes>`,
        '      </generic:Obs>',
      );
    }
    out.push('    </generic:Series>');
  }
  out.push('  </message:DataSet>', '</message:GenericData>', '');
  return out.join('\n');
}
