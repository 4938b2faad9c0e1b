// GET /nsdp/{category}.xml — one e-GDDS data category as an SDMX-ML 2.1 Generic Data message (lib/nsdp).
import { getIdentity } from '@/lib/content/public';
import { getNsdpCategory } from '@/lib/nsdp/public';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { perRequest } from '@/lib/http/per-request';
import { nsdpCategory } from '@/lib/nsdp/categories';
import { toSdmxMl } from '@/lib/nsdp/sdmx-ml';
import { conditional } from '@/lib/http/conditional';

const locale: Locale = 'fr';

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  await perRequest();
  const match = /^([A-Z]{3})\.xml$/.exec((await params).file);
  const category = match ? nsdpCategory(match[1]!) : undefined;
  const data = category ? await getNsdpCategory(category.id) : null;
  if (!category || !data)
    return new Response(messages(locale).series.nsdp.fileNotFound, {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  const identity = await getIdentity();
  const prepared = new Date(Math.max(...data.map((d) => new Date(d.version.publishedAt).getTime())));
  const body = toSdmxMl(data, {
    id: `NSDP_${category.id}_${prepared.toISOString().slice(0, 10).replace(/-/g, '')}`,
    sender: {
      id: identity?.acronym.replace(/[^A-Za-z0-9_-]/g, '') || 'INS',
      name: identity?.name ?? 'Institut national de la statistique',
    },
    refArea: env.SDMX_REF_AREA,
    prepared,
  });
  return conditional(request, body, 'application/vnd.sdmx.genericdata+xml; version=2.1; charset=utf-8', {
    'Content-Disposition': `inline; filename="nsdp-${category.id}.xml"`,
  });
}
