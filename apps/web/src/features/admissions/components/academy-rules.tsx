import { ACADEMY_RULES } from '@shop/contracts/messages';

/** The academy's rules and fees (accounts-checkout-payments §9), shown before paying. */
export function AcademyRules({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby="academy-rules-heading"
      className="rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200"
    >
      <Heading id="academy-rules-heading" className="text-lg font-bold text-slate-900">
        Fees and academy rules
      </Heading>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
        {ACADEMY_RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}
