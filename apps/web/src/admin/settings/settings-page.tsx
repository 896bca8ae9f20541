import { AdminPage } from '../layout/admin-page.tsx';
import { AcademyForm } from './academy-form.tsx';
import { useScrollToHash } from '../lib/use-scroll-to-hash.ts';
import { ButtonsForm } from './buttons-form.tsx';
import { PaymentKeysForm } from './payment-keys-form.tsx';
import { ProfileForm } from './profile-form.tsx';
import { RetentionForm } from './retention-form.tsx';
import { SecurityForm } from './security-form.tsx';
import { UnsavedChangesGuard } from './unsaved-changes.tsx';
import { UpiForm } from './upi-form.tsx';

/**
 * The store's settings (owner only): one form per part, each saved on its own and saying so
 * beside its own Save (another form's save leaves its unsaved edits alone); leaving with unsaved
 * edits asks first. /settings#payment-keys opens at that form.
 */
export function Component() {
  useScrollToHash();
  return (
    <AdminPage title="Settings">
      <UnsavedChangesGuard>
        <p className="max-w-2xl text-sm text-slate-700">
          Each part below saves on its own with its own Save button.
        </p>
        {/* Each form clear of the sticky header when a #link scrolls to it. */}
        <div className="flex max-w-2xl flex-col gap-4 [&>*]:scroll-mt-20">
          <ProfileForm />
          <ButtonsForm />
          <PaymentKeysForm />
          <UpiForm />
          <AcademyForm />
          <RetentionForm />
          <SecurityForm />
        </div>
      </UnsavedChangesGuard>
    </AdminPage>
  );
}
