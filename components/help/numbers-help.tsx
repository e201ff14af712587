/**
 * "What these numbers mean": every figure Stepscope shows, grouped where it is shown, each with its
 * definition and how it is computed, from the one table the tooltips read
 * (lib/charts/definitions.ts). Each entry has an anchor (`/help#one-pass`) the tooltips' terms link to.
 */
import Link from 'next/link';
import { DEFINITION_GROUPS, DEFINITIONS, type DefinitionGroup } from '../../lib/charts/definitions';

const GROUPS = Object.keys(DEFINITION_GROUPS) as DefinitionGroup[];

export function NumbersHelp() {
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
        <Link href="/" className="text-lg font-bold tracking-tight text-slate-900">
          Stepscope
        </Link>
        <span className="text-sm text-slate-600">What these numbers mean</span>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">What these numbers mean</h1>
          <p className="mt-2 text-sm text-slate-700">
            Stepscope counts what an agent sent its model at every call, and what each context
            strategy would have sent instead. Counts are Stepscope&apos;s own (its tokenizer over
            the steps in the file); what the provider billed is what the file reports. Each figure
            below is defined once; the same words are in the tooltip beside it in the app.
          </p>
        </div>
        {GROUPS.map((g) => (
          <section key={g} aria-labelledby={`group-${g}`} className="flex flex-col gap-2">
            <h2 id={`group-${g}`} className="text-lg font-semibold text-slate-900">
              {DEFINITION_GROUPS[g]}
            </h2>
            <dl className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
              {DEFINITIONS.filter((d) => d.group === g).map((d) => (
                <div key={d.id} id={d.id} className="scroll-mt-4">
                  <dt className="font-semibold text-slate-900">{d.label}</dt>
                  <dd className="text-sm text-slate-800">{d.definition}</dd>
                  <dd className="text-sm text-slate-600">
                    <span className="font-medium">How: </span>
                    {d.computed}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </main>
    </div>
  );
}
