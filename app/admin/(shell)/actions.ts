'use server';
// Sign-out from the admin frame. Not wrapped in adminAction: ending one's own session needs no
// session (an expired one must still be able to clear its cookie) and touches no one else's data.
import { redirect } from 'next/navigation';
import { applyCookies } from '@/lib/admin/action';
import { getAuth } from '@/lib/auth';
import { signOut } from '@/lib/auth/service';
import { currentAuthRequest } from '@/lib/auth/session';

export async function signOutAction() {
  const { cookies } = await signOut(await getAuth(), await currentAuthRequest());
  await applyCookies(cookies);
  redirect('/');
}
