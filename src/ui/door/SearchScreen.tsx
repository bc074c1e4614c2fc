import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useWedgeScanner } from '../hooks/useWedgeScanner';
import { t } from '../i18n/t';
import { useScanFlow } from './useScanFlow';
import { useDoorEngine, useDoorStatus, useEngineAnswer, useNow } from '../hooks/useDoor';
import { ScanFlowVerdict } from './ScanFlowVerdict';
import { ScreenHead } from './ScreenHead';
import { SearchResults } from './SearchResults';
import { searchNote } from './search-note';
import { lastSearchWords, rememberSearchWords } from './search-words';

const NOTHING_FOUND = { tickets: [], orders: [] };

export function SearchScreen() {
  const engine = useDoorEngine();
  const status = useDoorStatus();
  // The words come from memory, never from the address (search-words.ts says why).
  const listSlug = status.list?.slug ?? null;
  // Read once, with the list it was read for: the field is set up once, on arrival.
  const [opened] = useState(() => ({ list: listSlug, ...lastSearchWords(listSlug) }));
  const [query, setQuery] = useState(opened.words);
  const deferred = useDeferredValue(query);
  const inputId = useId();
  // Focused on arrival, the screen exists to type into it. Not the autofocus attribute: a
  // browser honours that once a page, not on a screen shown later.
  const input = useRef<HTMLInputElement>(null);
  // Words handed over from the scan screen are gone on from (the caret after them); words kept
  // from an earlier search are selected, so what staff type next replaces them.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.focus();
    if (opened.handedOver) field.setSelectionRange(field.value.length, field.value.length);
    else field.select();
    // Handed over once: back here from a ticket, they are selected as any kept words.
    if (opened.handedOver) rememberSearchWords(opened.list, opened.words);
  }, [opened]);
  const flow = useScanFlow();
  const now = useNow();
  // A scanner used while searching still checks tickets in; its keys never reach the box.
  useWedgeScanner(flow.wedge);

  // Asked again when counts change: a check-in landing changes who is inside. Each answer says
  // which words it is of, so the screen never calls it the answer to newer ones.
  const asked = deferred.trim();
  const answer = useEngineAnswer(
    async () => ({ asked, found: asked.length >= 2 ? await engine.find(asked) : NOTHING_FOUND }),
    [engine, asked, status.counts],
    { asked: '', found: NOTHING_FOUND },
  );
  const found = answer.found;

  const note = searchNote(
    deferred,
    found.tickets.length,
    status.list !== null && !status.counted,
    answer.asked === asked,
  );
  return (
    <section className="panel" aria-labelledby="search-title">
      <ScreenHead id="search-title" title={t('searchTitle')} />
      {flow.mode === 'exit' && (
        <p className="scan__exit-banner" role="status" data-testid="exit-mode">
          {t('doorModeExitBanner')}
        </p>
      )}
      <label htmlFor={inputId}>{t('searchLabel')}</label>
      <input
        id={inputId}
        className="input input--large"
        type="search"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          rememberSearchWords(listSlug, e.target.value);
        }}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        ref={input}
      />
      {note === 'searchHint' ? (
        <p className="muted">{t('searchHint')}</p>
      ) : note ? (
        <p
          className="muted"
          role="status"
          data-testid={note === 'searchPending' ? 'search-pending' : undefined}
        >
          {t(note, { q: deferred.trim() })}
        </p>
      ) : (
        <SearchResults
          found={found}
          deciding={flow.deciding}
          openOrder={(reference) => void flow.handle(reference, 'search')}
        />
      )}
      <ScanFlowVerdict flow={flow} now={now} />
    </section>
  );
}
