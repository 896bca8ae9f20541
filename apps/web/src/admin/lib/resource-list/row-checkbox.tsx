/** A row's tick box in an admin list, inside a 44 px tap area whose negative margin keeps the layout. */
export function RowCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="-mx-3 -mt-2 -mb-3 shrink-0 self-start justify-center">
      <input
        type="checkbox"
        className="size-5"
        aria-label={label}
        checked={checked}
        onChange={onChange}
      />
    </label>
  );
}
