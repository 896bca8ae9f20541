import type { ButtonHTMLAttributes, Ref } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost';

const variants: Record<Variant, string> = {
  primary:
    'bg-orange-700 text-white hover:bg-orange-800 disabled:bg-slate-300 disabled:text-slate-700',
  secondary:
    'bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-100 disabled:text-slate-500',
  ghost: 'text-slate-800 hover:bg-slate-100',
};

export function buttonClass(variant: Variant = 'primary', extra = '') {
  return `inline-flex min-h-tap min-w-tap items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${extra}`;
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  ref?: Ref<HTMLButtonElement>;
}) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
