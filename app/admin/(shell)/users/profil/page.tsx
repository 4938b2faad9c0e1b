import Link from 'next/link';
import { requireSession } from '@/lib/auth/guard';
import { ProfileForm } from '../_components/profile-form';

export const metadata = { title: 'Mon profil — Administration' };

export default async function ProfilePage() {
  const { user } = await requireSession();
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/users">← Utilisateurs</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Mon profil</h1>
      <p className="mt-2 max-w-xl text-muted">
        Pour changer d’adresse électronique ou de mot de passe, saisissez votre mot de passe actuel. Changer de mot de passe ferme vos
        autres sessions.
      </p>
      <ProfileForm name={user.name} email={user.email} />
    </>
  );
}
