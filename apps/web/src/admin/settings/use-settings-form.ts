import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminJson } from '../lib/admin-api.ts';

/**
 * One settings form's data: read with GET `path`, edited as `form` (filled once read), saved
 * whole with `method` (the answer replaces what was read), and whether the last save went through.
 */
export function useSettingsForm<T>(key: readonly string[], path: string, method: 'PUT' | 'PATCH') {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: () => adminJson<{ data: T }>('GET', path),
  });
  const [form, setForm] = useState<T | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (query.data && !form) setForm(query.data.data);
  }, [query.data, form]);
  const save = useMutation({
    mutationFn: (body: T) => adminJson<{ data: T }>(method, path, body),
    onSuccess: (res) => {
      client.setQueryData(key, res);
      setForm(res.data);
      setSaved(true);
    },
  });
  return { query, form, setForm, saved, setSaved, save };
}
