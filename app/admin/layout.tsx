import { Document, rootMetadata, rootViewport } from '@/components/site/document';
import { Toaster } from '@/components/ui/toaster';
import { API_BASE_META } from '@/lib/api-client';
import { env } from '@/lib/env';

/**
 * The back-office's root layout (French). Every back-office page (sign-in included): toasts live here, public pages do not ship them.
 * The user API's base URL is passed at run time in a meta tag (changing it needs no rebuild).
 */
/**
 * Back-office pages depend on the session: they may block. Without this, regenerating the shell
 * of `/admin/[...path]` at run time (after a change of the identity, which every page reads)
 * failed static-shell validation and the screens answered 500.
 */
export const instant = false;

export const metadata = rootMetadata('fr');
export const viewport = rootViewport;

export default function AdminRootLayout({ children }: { children: React.ReactNode }) {
  return (
    <Document locale="fr">
      <meta name={API_BASE_META} content={env.NEXT_PUBLIC_API_BASE_URL} />
      {children}
      <Toaster />
    </Document>
  );
}
