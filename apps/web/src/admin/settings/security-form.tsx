import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SecuritySettingsPatch,
  SecuritySettingsResponse,
  SecurityTestCodeResponse,
} from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { adminJson } from '../lib/admin-api.ts';
import { SaveBar } from '../layout/save-bar.tsx';
import { useReportUnsaved } from './unsaved-changes.tsx';

const KEY = ['admin', 'settings', 'security'];
const PATH = '/admin/settings/security';

/** Where an error answer belongs: under the code box, or beside the switch. */
const isCodeError = (error: unknown) =>
  error instanceof ServerError && (error.field === 'code' || error.field === 'challenge');

/**
 * Sign-in security: whether staff type an emailed code after the password (decision 0027).
 * Turning it on takes two steps so no owner locks themselves out (issue 57 item 4): "Send a test
 * code" to the owner's email, then "Type the code you received"; only then does Save turn it on.
 * While the server cannot send email the switch cannot be turned on, and says why. Off saves
 * straight away.
 */
export function SecurityForm() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => adminJson<SecuritySettingsResponse>('GET', PATH),
  });
  const savedOn = query.data?.data.staff_second_factor ?? false;
  const emailReady = query.data?.data.email_ready ?? false;
  const [on, setOn] = useState<boolean | null>(null);
  const [challenge, setChallenge] = useState<{ challenge: string; sentTo: string } | null>(null);
  const [code, setCode] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (query.data && on === null) setOn(query.data.data.staff_second_factor);
  }, [query.data, on]);
  useReportUnsaved('Sign-in security', on !== null && on !== savedOn);

  const sendTest = useMutation({
    mutationFn: () => adminJson<SecurityTestCodeResponse>('POST', `${PATH}/test-code`, {}),
    onSuccess: (res) => {
      setChallenge({ challenge: res.data.challenge, sentTo: res.data.sent_to });
      setCode('');
    },
  });
  const save = useMutation({
    mutationFn: (body: SecuritySettingsPatch) =>
      adminJson<SecuritySettingsResponse>('PATCH', PATH, body),
    onSuccess: (res) => {
      client.setQueryData(KEY, res);
      setOn(res.data.staff_second_factor);
      setChallenge(null);
      setCode('');
      setSaved(true);
    },
  });

  if (query.error) return <FormAlert message={errorText(query.error)} />;
  if (!query.data || on === null) return null;

  /** Turning on from off: the steps show, and Save sends the code typed. */
  const turningOn = on && !savedOn;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate(
      turningOn && challenge
        ? { staff_second_factor: true, challenge: challenge.challenge, code: code.trim() }
        : { staff_second_factor: on },
    );
  };
  // A wrong code shows under the code box; anything else (no email, no test code yet) by the switch.
  const underCode = Boolean(save.error && challenge && isCodeError(save.error));
  const saveError = save.error && !underCode ? errorText(save.error) : null;
  const codeError = save.error && underCode ? errorText(save.error) : undefined;
  const sendError = sendTest.error ? errorText(sendTest.error) : null;

  return (
    <form
      onSubmit={submit}
      aria-labelledby="security-title"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      noValidate
    >
      <h2 id="security-title" className="font-semibold text-slate-900">
        Sign-in security
      </h2>
      <label className="flex items-start gap-3 text-base text-slate-900">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-orange-700"
          checked={on}
          disabled={!savedOn && !emailReady}
          aria-describedby="security-switch-note"
          onChange={(e) => {
            setSaved(false);
            save.reset();
            setOn(e.target.checked);
          }}
        />
        <span>
          Ask staff for an emailed code at each sign-in
          <span className="block text-sm text-slate-700">
            After the password, the owner and every staff member type a six-digit code sent to their
            email. A stolen password alone then no longer opens the admin.
          </span>
        </span>
      </label>
      <div id="security-switch-note" className="flex flex-col gap-1">
        {!savedOn && !emailReady && (
          <p className="text-sm text-slate-800">
            This shop cannot send email yet, so the codes would never reach you and you could not
            sign in. Ask whoever runs your server to set up email (the server setting{' '}
            <code>SMTP_URL</code>), then come back here.
          </p>
        )}
        {saveError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {saveError}
          </p>
        )}
      </div>

      {turningOn && (
        <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
          <p className="text-sm text-slate-800">
            First check that the codes reach you: we send a test code to your email, you type it
            here, and only then is this turned on.
          </p>
          <div className="flex flex-col gap-1">
            <Button
              type="button"
              variant="secondary"
              className="min-h-11 self-start"
              disabled={sendTest.isPending}
              onClick={() => {
                save.reset();
                sendTest.mutate();
              }}
            >
              {sendTest.isPending
                ? 'Sending…'
                : challenge
                  ? 'Send another test code'
                  : 'Send a test code'}
            </Button>
            <p role="status" className="text-sm text-slate-800">
              {challenge && !sendTest.isPending
                ? `We sent a code to ${challenge.sentTo}. It works for 10 minutes.`
                : ''}
            </p>
            {sendError && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {sendError}
              </p>
            )}
          </div>
          {challenge && (
            <TextField
              label="Type the code you received"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              error={codeError}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          )}
        </div>
      )}

      <SaveBar label="Save settings" pending={save.isPending} saved={saved} />
    </form>
  );
}
