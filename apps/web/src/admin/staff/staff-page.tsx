import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import type { StaffUser } from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { fieldClass, TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { useStaffUser } from '../lib/use-staff-user.ts';
import {
  changeRole,
  inviteStaff,
  removeStaff,
  staffList,
  type StaffRoleName,
} from './staff-api.ts';

const STAFF_KEY = ['admin', 'staff'];
const roleLabel = (role: string) => (role === 'owner' ? 'Owner' : 'Staff');

function InviteForm() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRoleName>('staff');
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  const send = useMutation({
    mutationFn: () => inviteStaff(email.trim(), role),
    onSuccess: (res) => {
      toast.success(res.message);
      setEmail('');
      setError(null);
      setEmailError(undefined);
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
    onError: (err) => {
      if (err instanceof ServerError && err.field === 'email') setEmailError(errorText(err));
      else setError(errorText(err));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setEmailError(undefined);
    if (!email.trim()) setEmailError('Enter the email to invite.');
    else send.mutate();
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="invite-title"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="invite-title" className="text-lg font-bold">
        Invite someone
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            error={emailError}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="invite-role" className="text-sm font-semibold text-slate-800">
            Role
          </label>
          <select
            id="invite-role"
            className={fieldClass}
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRoleName)}
          >
            <option value="staff">Staff</option>
            <option value="owner">Owner</option>
          </select>
        </div>
        <Button type="submit" className="min-h-11" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send invite'}
        </Button>
      </div>
      <FormAlert message={error} />
    </form>
  );
}

type Pending =
  { kind: 'role'; user: StaffUser; role: StaffRoleName } | { kind: 'remove'; user: StaffUser };

/** /admin/staff (owner only): the staff, invites, role changes and removal, each confirmed. */
export function Component() {
  const me = useStaffUser();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: STAFF_KEY, queryFn: staffList });
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: (p: Pending) =>
      p.kind === 'remove' ? removeStaff(p.user.user_id) : changeRole(p.user.user_id, p.role),
    onSuccess: (res) => {
      toast.success(res.message);
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
    onError: (err) => setError(errorText(err)),
  });
  const owners = list.data?.data.staff.filter((u) => u.role === 'owner').length ?? 0;
  const ask = (p: Pending) => {
    setError(null);
    setPending(p);
  };

  return (
    <AdminPage title="Staff">
      <InviteForm />
      <section aria-labelledby="team-title" className="flex flex-col gap-2">
        <h2 id="team-title" className="text-lg font-bold">
          Team
        </h2>
        {list.isPending && <p className="text-slate-700">Loading...</p>}
        {list.isError && <FormAlert message={errorText(list.error)} />}
        <ul className="flex flex-col gap-2">
          {list.data?.data.staff.map((u) => (
            <li
              key={u.user_id}
              className="flex flex-col gap-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{u.full_name || u.email}</p>
                <p className="truncate text-sm text-slate-700">{u.email}</p>
              </div>
              <span className="w-fit rounded-full bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-800">
                {roleLabel(u.role)}
                {u.user_id === me?.user_id && ' (you)'}
              </span>
              {u.role === 'owner' && owners <= 1 ? (
                // The store keeps at least one owner (the API refuses it too, 409).
                <p className="text-sm text-slate-700 sm:max-w-48" data-testid="last-owner">
                  The only owner: make someone else owner before changing this.
                </p>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    className="min-h-11"
                    onClick={() =>
                      ask({ kind: 'role', user: u, role: u.role === 'owner' ? 'staff' : 'owner' })
                    }
                  >
                    {u.role === 'owner' ? 'Make staff' : 'Make owner'}
                    <span className="sr-only"> {u.email}</span>
                  </Button>
                  <Button
                    variant="secondary"
                    className="min-h-11"
                    onClick={() => ask({ kind: 'remove', user: u })}
                  >
                    Remove<span className="sr-only"> {u.email}</span>
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      {list.data && list.data.data.invites.length > 0 && (
        <section aria-labelledby="invites-title" className="flex flex-col gap-2">
          <h2 id="invites-title" className="text-lg font-bold">
            Open invites
          </h2>
          <ul className="flex flex-col gap-2">
            {list.data.data.invites.map((i) => (
              <li
                key={i.invite_id}
                className="rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200"
              >
                <span className="font-semibold">{i.email}</span> · {roleLabel(i.role)} · until{' '}
                {new Date(i.expires_at).toLocaleString('en-IN')}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Modal
        title={pending?.kind === 'remove' ? 'Remove from the staff?' : 'Change the role?'}
        open={pending !== null}
        onClose={() => setPending(null)}
      >
        {pending && (
          <div className="flex flex-col gap-4">
            <p>
              {pending.kind === 'remove'
                ? `${pending.user.email} will no longer be able to sign in to the admin. Their sessions end now.`
                : `${pending.user.email} will be ${roleLabel(pending.role).toLowerCase()}. Their sessions end now; they sign in again.`}
            </p>
            <FormAlert message={error} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" className="min-h-11" onClick={() => setPending(null)}>
                Cancel
              </Button>
              <Button
                className="min-h-11"
                disabled={apply.isPending}
                onClick={() => apply.mutate(pending)}
              >
                {pending.kind === 'remove' ? 'Remove' : 'Change role'}
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </AdminPage>
  );
}
