import { Toaster } from '@/components/ui/toaster';

/** Every back-office page (sign-in included): toasts live here, public pages do not ship them. */
export default function AdminRootLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
