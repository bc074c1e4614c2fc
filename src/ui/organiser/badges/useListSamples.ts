// What the badge editor previews with: the list's longest name (its tickets read through the
// Check-in API, at most MAX_PAGES pages), the list's questions, and a real answer to each.
import { useEffect, useState } from 'react';
import type { AdminRecord } from '../../../api/admin-client';
import type { Failure } from '../../../domain/result';
import type { RemoteQuestion, RemoteTicket } from '../../../api/schemas';
import { useAdminClient } from '../hooks/useAdminClient';
import { checkinClientFor } from '../arrivals/list-service';

/** 20,000 tickets: enough for the longest name of most lists, read in a few seconds. */
const MAX_PAGES = 20;

export interface ListSamples {
  longest: RemoteTicket | null;
  /** Tickets read, and whether that was all of the list's. */
  read: number;
  complete: boolean;
  questions: RemoteQuestion[];
  /** One answer given to each question, to preview the answer field with. */
  answerTo: Map<number, string>;
  failure: Failure | null;
}

const nameLength = (t: RemoteTicket) => `${t.firstName ?? ''} ${t.lastName ?? ''}`.trim().length;

export function useListSamples(record: AdminRecord): ListSamples {
  const { client, connection } = useAdminClient();
  const [samples, setSamples] = useState<ListSamples>({
    longest: null,
    read: 0,
    complete: false,
    questions: [],
    answerTo: new Map(),
    failure: null,
  });
  const slug = String(record.slug ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the slug names the list
  useEffect(() => {
    if (!client || !slug) return;
    let live = true;
    void (async () => {
      const api = await checkinClientFor(connection, client.baseUrl, record);
      if (!live) return;
      if (!api.ok) return setSamples((s) => ({ ...s, failure: api }));
      const questions = await api.value.listQuestions(slug);
      const answers = await api.value.listPage('answers', slug, 1);
      const answerTo = new Map<number, string>();
      if (answers.ok)
        for (const a of answers.value)
          if (a.response && !answerTo.has(a.questionId)) answerTo.set(a.questionId, a.response);
      if (!live) return;
      setSamples((s) => ({ ...s, questions: questions.ok ? questions.value : [], answerTo }));
      let longest: RemoteTicket | null = null;
      let read = 0;
      for (let page = 1; page <= MAX_PAGES; page++) {
        const tickets = await api.value.listPage('tickets', slug, page);
        if (!live) return;
        if (!tickets.ok) return setSamples((s) => ({ ...s, failure: tickets }));
        for (const t of tickets.value) if (!longest || nameLength(t) > nameLength(longest)) longest = t;
        read += tickets.value.length;
        const complete = tickets.value.length === 0;
        setSamples((s) => ({ ...s, longest, read, complete }));
        if (complete) return;
      }
    })();
    return () => {
      live = false;
    };
  }, [client, slug]);
  return samples;
}
