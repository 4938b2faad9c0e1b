'use client';
import { useRouter } from 'next/navigation';
import { UploadZone } from './upload-zone';

/** The library's upload zone: the list below refreshes as each file arrives. */
export function LibraryUpload() {
  const router = useRouter();
  return <UploadZone onUploaded={() => router.refresh()} />;
}
